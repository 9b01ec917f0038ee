/**
 * Saved addresses at checkout through the proxy against the in-process sandbox (storefront §6
 * "Registered customers get saved addresses and saved payment methods. Guest checkout saves no
 * addresses."; §3 Saved address: address2 joined to address1 with a pipe for storage; §7 the
 * customer's addresses, created by addressName; §8 "Error on Update customer on Commerce").
 * Sandbox seed: alex holds `home` (preferred) and `work`, kim holds `home` in Bristol.
 * Answers checked against proxy.yaml.
 */
import { describe, expect, it, vi } from 'vitest';
import { state } from '../../../../mocks/sandbox/src/upstreams/commerce/state.ts';
import type { AppContext } from '../../context.ts';
import type { Shopper } from '../../services/identity/shopper.ts';
import {
  CUSTOMER_UPDATE_FAILED_TEXT,
  saveCheckoutAddress,
  toSavedAddress,
} from '../../services/checkout/saved-addresses.ts';
import { useSandboxServer } from '../../testing/sandbox-server.ts';
import {
  guest as guestOf,
  NEW_ADDRESS,
  putAddress as put,
  signedIn as signedInAs,
  toBillingStep,
} from '../../testing/checkout-browser.ts';
import type { ShopBrowser } from '../../testing/shop-browser.ts';

const { shop } = useSandboxServer({ RATE_LIMIT_LOGIN: '1000' });

const signedIn = (handle: string) => signedInAs(shop, handle);
const guest = () => guestOf(shop);

const saved = async (browser: ShopBrowser) => {
  const { response, body } = await browser.call('listSavedAddresses', '/api/checkout/saved-addresses');
  expect(response.status).toBe(200);
  return body.addresses as Array<{ addressId: string; preferred: boolean; address: Record<string, unknown> }>;
};

const everySavedAddress = () => [...state.customers.values()].flatMap((c) => c.addresses);

describe('listSavedAddresses (storefront §6)', () => {
  it('when alex reaches checkout, then his two saved addresses come back, the preferred home first, in the form fields', async () => {
    const addresses = await saved(await signedIn('alex'));
    expect(addresses.map((a) => [a.addressId, a.preferred])).toEqual([
      ['home', true],
      ['work', false],
    ]);
    expect(addresses[0]!.address).toEqual({
      firstName: 'Alex',
      lastName: 'Owner',
      countryCode: 'GB',
      address1: '10 Downing Street',
      address2: null,
      city: 'London',
      stateCode: null,
      postalCode: 'SW1A 2AA',
    });
    expect(addresses[1]!.address).toMatchObject({ address1: '1 Canada Square', address2: 'Floor 12' });
  });

  it("when kim reaches checkout, then only her own address comes back, never alex's (and alex never sees hers)", async () => {
    const kim = await saved(await signedIn('kim'));
    expect(kim.map((a) => a.address.address1)).toEqual(['5 Harbour Road']);
    const alex = await saved(await signedIn('alex'));
    expect(alex.map((a) => a.address.address1)).not.toContain('5 Harbour Road');
  });

  it('when alex reaches checkout in France, then his GB addresses are not offered: the market bills FR only (§5)', async () => {
    const alex = await signedIn('alex');
    await alex.call('getRenewalPage', '/api/renewal/cn-connected-navigation?carvin=ZAAAA1000AA000004&locale=fr-FR');
    expect(await saved(alex)).toEqual([]);
  });

  it('when a guest reaches checkout, then no saved address is offered', async () => {
    expect(await saved(await guest())).toEqual([]);
  });
});

describe('the billing address a customer enters (storefront §6, §3)', () => {
  it('when alex enters a new billing address, then it is saved to his addresses (address2 piped for storage) and offered next time', async () => {
    const alex = await signedIn('alex');
    await toBillingStep(alex, 'ZAAAA1000AA000001');
    expect((await put(alex, 'setBillingAddress', NEW_ADDRESS)).response.status).toBe(200);
    const stored = state.customers.get('abcAlexOwner0001')!.addresses;
    expect(stored).toHaveLength(3);
    expect(stored[2]).toMatchObject({
      address1: '221B Baker Street|Second floor',
      preferred: false,
      countryCode: 'GB',
    });
    expect((await saved(alex)).find((a) => a.address.address1 === '221B Baker Street')?.address).toMatchObject({
      address2: 'Second floor',
      postalCode: 'NW1 6XE',
    });
  });

  it('when alex enters an address already in his book, then no second copy is saved', async () => {
    const alex = await signedIn('alex');
    await toBillingStep(alex, 'ZAAAA1000AA000001');
    const work = (await saved(alex)).find((a) => a.addressId === 'work')!.address;
    expect((await put(alex, 'setBillingAddress', work)).response.status).toBe(200);
    expect(state.customers.get('abcAlexOwner0001')!.addresses.map((a) => a.addressId)).toEqual(['home', 'work']);
  });

  it('when a guest enters a billing address, then no customer saves it', async () => {
    const before = everySavedAddress().length;
    const browser = await guest();
    await toBillingStep(browser, 'ZAAAA1000AA000001', { email: 'gus.guest@example.com' });
    expect((await put(browser, 'setBillingAddress', NEW_ADDRESS)).response.status).toBe(200);
    expect(everySavedAddress()).toHaveLength(before);
    expect(everySavedAddress().some((a) => a.address1?.startsWith('221B'))).toBe(false);
  });
});

describe('a refused save (storefront §8)', () => {
  it('when the commerce platform refuses the new address, then "Error on Update customer on Commerce" is logged and the checkout goes on', async () => {
    const error = vi.fn();
    const commerce = {
      GET: vi.fn(async () => ({ data: { addresses: [] }, response: new Response(null, { status: 200 }) })),
      POST: vi.fn(async () => ({ error: { detail: 'refused' }, response: new Response(null, { status: 400 }) })),
    };
    const ctx = {
      upstreams: { commerce },
      config: { credentials: { commerce: { organizationId: 'org' } } },
    } as unknown as AppContext;
    const shopper = {
      session: { authType: 'registered' },
      tokens: { customerId: 'abcAlexOwner0001' },
      headers: { Authorization: 'Bearer t' },
      organizationId: 'org',
      siteId: 'site',
      signal: new AbortController().signal,
      log: { error, warn: vi.fn() },
    } as unknown as Shopper;
    await expect(saveCheckoutAddress(ctx, shopper, NEW_ADDRESS as never)).resolves.toBeUndefined();
    expect(commerce.POST).toHaveBeenCalledOnce();
    expect(error).toHaveBeenCalledWith({ status: 400, detail: 'refused' }, CUSTOMER_UPDATE_FAILED_TEXT);
    expect(CUSTOMER_UPDATE_FAILED_TEXT).toBe('Error on Update customer on Commerce');
  });
});

describe('a saved address as the form reads it (storefront §3 Saved address)', () => {
  const base = { addressId: 'a', firstName: 'Ana', lastName: 'Silva', city: 'Lisboa', postalCode: '1100-148' };
  it.each([
    [
      'a plain address',
      { address1: 'Rua Augusta 1', countryCode: 'PT' },
      { address1: 'Rua Augusta 1', address2: null, countryCode: 'PT' },
    ],
    [
      'address2 joined with a pipe',
      { address1: 'Rua Augusta 1|3.º esq.', countryCode: 'PT' },
      { address1: 'Rua Augusta 1', address2: '3.º esq.', countryCode: 'PT' },
    ],
    [
      'countryCode as an object with a value',
      { address1: 'Rua Augusta 1', countryCode: { value: 'PT' } },
      { countryCode: 'PT' },
    ],
  ])('when %s is read, then the form fields are filled', (_name, fields, expected) => {
    expect(toSavedAddress({ ...base, ...fields } as never)?.address).toMatchObject(expected);
  });
  it.each([
    ['an unsupported country', { address1: 'Main St 1', countryCode: 'JP' }],
    ['no street', { countryCode: 'PT' }],
  ])('when %s is saved, then it is not offered', (_name, fields) => {
    expect(toSavedAddress({ ...base, ...fields } as never)).toBeNull();
  });
});
