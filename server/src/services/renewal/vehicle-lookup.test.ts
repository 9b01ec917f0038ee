/**
 * rememberVehicle saves the session only when the vehicle values changed: a returning shopper's
 * renewal page reads the same vehicle on every load, and each save is a session store write.
 */
import { describe, expect, it, vi } from 'vitest';
import type { SessionData } from '../../session.ts';
import { rememberVehicle, type UpstreamVehicle } from './vehicle-lookup.ts';
import { guestSessionData } from '../../test-helpers.ts';

const VEHICLE = {
  vin: 'ZAAAA1000AA000001',
  model: 'Aurora One',
  brand: 'aurora',
  market: 'GB',
  userMailToken: 'mt-000001',
  subscriptions: [{ productId: 'cn-connected-navigation', expiryDate: '2026-04-01T00:00:00Z' }],
} as UpstreamVehicle;

function shopper() {
  const session: SessionData = guestSessionData();
  return { session, persist: vi.fn(async () => {}) };
}

describe('rememberVehicle', () => {
  it('when the session holds no vehicle, then the vehicle is stored and saved', async () => {
    const s = shopper();
    await rememberVehicle(s, VEHICLE);
    expect(s.session.vehicle?.vin).toBe(VEHICLE.vin);
    expect(s.session.subscriptionExpiries).toEqual({ 'cn-connected-navigation': '2026-04-01' });
    expect(s.persist).toHaveBeenCalledTimes(1);
  });

  it('when the same vehicle is read again (a round trip through the store), then nothing is saved', async () => {
    const s = shopper();
    await rememberVehicle(s, VEHICLE);
    // The next request reads the session back from the store: a copy, not the same objects.
    const again = { session: structuredClone(s.session), persist: vi.fn(async () => {}) };
    await rememberVehicle(again, VEHICLE);
    expect(again.persist).not.toHaveBeenCalled();
    expect(again.session).toEqual(s.session);
  });

  it.each([
    ['another vehicle', { ...VEHICLE, vin: 'ZAAAA1000AA000002' }],
    [
      'a later expiry',
      { ...VEHICLE, subscriptions: [{ productId: 'cn-connected-navigation', expiryDate: '2027-04-01' }] },
    ],
    ['another mail token', { ...VEHICLE, userMailToken: 'mt-000009' }],
    ['an owner account', { ...VEHICLE, customer: { id: 'cdc-1', email: 'owner@example.com' } }],
  ])('when the lookup answers %s, then the session is saved', async (_what, changed) => {
    const s = shopper();
    await rememberVehicle(s, VEHICLE);
    const again = { session: structuredClone(s.session), persist: vi.fn(async () => {}) };
    await rememberVehicle(again, changed as UpstreamVehicle);
    expect(again.persist).toHaveBeenCalledTimes(1);
  });
});
