/**
 * Stored vehicle data expiry (storefront §9 "Stored vehicle data expiry 864e6 ms (10 days)"): the
 * vehicle values kept for the shopper are rejected and removed 10 days after they were stored, and
 * storing the same vehicle again (each renewal page load) does not extend that lifetime.
 */
import type { Request } from 'express';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { STORED_VEHICLE_DATA_TTL_MS } from '../../domain/expiry.ts';
import { SESSION_COOKIE, Sessions, dropExpiredVehicle, type SessionData } from './session.ts';
import { MemorySessionStore } from './state/memory-session-store.ts';
import { rememberVehicle, type UpstreamVehicle } from './services/renewal/vehicle-lookup.ts';
import { guestSessionData } from './test-helpers.ts';

const STORED_AT = Date.parse('2026-03-01T10:00:00Z');
const VEHICLE = { vin: 'ZAAAA1000AA000001', model: 'Aurora One', userMailToken: 'mail-token' } as UpstreamVehicle;

function sessionWithVehicle(storedAt: number): SessionData {
  return guestSessionData({
    vehicle: { vin: VEHICLE.vin, model: 'Aurora One' } as SessionData['vehicle'],
    vehicleRecord: { brand: 'aurora', wirelessCarId: '5f2b0c1e-0000-4000-8000-000000000001' },
    subscriptionExpiries: { 'cn-connected-navigation': '2026-04-01' },
    mailToken: 'mail-token',
    ownerAccountEmail: 'owner@example.com',
    vehicleStoredAt: storedAt,
  });
}

afterEach(() => {
  vi.useRealTimers();
});

describe('dropExpiredVehicle', () => {
  it.each([
    ['1 ms before 10 days', STORED_VEHICLE_DATA_TTL_MS - 1, false],
    ['exactly 10 days (864e6 ms)', 864e6, true],
    ['11 days', 11 * 864e5, true],
  ])('when %s have passed since storing, then removed is %s', (_label, elapsed, removed) => {
    const session = sessionWithVehicle(STORED_AT);
    expect(dropExpiredVehicle(session, STORED_AT + elapsed)).toBe(removed);
    const values = [
      'vehicle',
      'vehicleRecord',
      'subscriptionExpiries',
      'mailToken',
      'ownerAccountEmail',
      'vehicleStoredAt',
    ];
    expect(values.filter((key) => key in session)).toEqual(removed ? [] : values);
  });
});

describe('rememberVehicle', () => {
  it('when the same vehicle is stored again 9 days later, then it still expires 10 days after the first store (not sliding)', async () => {
    vi.useFakeTimers({ now: STORED_AT });
    const session = { ...sessionWithVehicle(0), vehicle: undefined, vehicleStoredAt: undefined } as SessionData;
    const shopper = { session, persist: async () => {} };
    await rememberVehicle(shopper, VEHICLE);
    expect(session.vehicleStoredAt).toBe(STORED_AT);
    vi.setSystemTime(STORED_AT + 9 * 864e5);
    await rememberVehicle(shopper, VEHICLE);
    expect(session.vehicleStoredAt).toBe(STORED_AT);
    expect(dropExpiredVehicle(session, STORED_AT + 864e6)).toBe(true);
  });

  it('when another vehicle is stored, then its lifetime starts then', async () => {
    vi.useFakeTimers({ now: STORED_AT + 864e5 });
    const session = sessionWithVehicle(STORED_AT);
    await rememberVehicle({ session, persist: async () => {} }, { ...VEHICLE, vin: 'ZAAAA1000AA000002' });
    expect(session.vehicleStoredAt).toBe(STORED_AT + 864e5);
  });
});

describe('Sessions.current', () => {
  it('when the stored vehicle values are 10 days old, then the session is read without them and the store no longer holds them', async () => {
    vi.useFakeTimers({ now: STORED_AT + 864e6 });
    const store = new MemorySessionStore();
    const sessions = new Sessions({ store, secret: 'secret', ttlSeconds: 3600, secure: false });
    await store.set(sessionWithVehicle(STORED_AT), 3600);
    const cookieOf = async () => {
      const headers: Record<string, unknown> = {};
      const res = {
        headersSent: false,
        getHeader: (name: string) => headers[name],
        setHeader: (name: string, value: unknown) => void (headers[name] = value),
        removeHeader: (name: string) => void delete headers[name],
        cookie: (name: string, value: string) => void (headers.cookie = `${name}=${value}`),
      };
      await sessions.save(res as never, { ...(await store.get('s1'))! });
      return String(headers.cookie);
    };
    const cookie = await cookieOf();
    expect(cookie.startsWith(`${SESSION_COOKIE}=`)).toBe(true);
    const session = await sessions.current({ headers: { cookie } } as Request);
    expect(session?.vehicle).toBeUndefined();
    expect(session?.mailToken).toBeUndefined();
    expect((await store.get('s1'))?.vehicle).toBeUndefined();
  });
});
