/**
 * Service and item names in the shopper's language (account §7: SubscriptionList, History and Details
 * take the locale; the order system answers its names in it). alex reads his account in fr-FR: the
 * sandbox's order system names Connected Navigation as the catalogue does in French.
 */
import { describe, expect, it } from 'vitest';
import { state as somState } from '../../../../mocks/sandbox/src/upstreams/som/state.ts';
import { useSandboxServer } from '../../testing/sandbox-server.ts';
import { logIn, ShopBrowser } from '../../testing/shop-browser.ts';

const { shop } = useSandboxServer({ RATE_LIMIT_LOGIN: '1000' });

const orderId = (n: number) => `1OsSB${String(n).padStart(10, '0')}AAA`;
const orderNo = (n: number) => String(1000 + n).padStart(8, '0');

async function alexIn(locale: string) {
  const alex = new ShopBrowser(shop);
  await logIn(alex);
  await alex.call('getSession', `/api/session?locale=${locale}`);
  return alex;
}

describe('names in the shopper’s language', () => {
  it('when alex opens My Subscriptions in fr-FR, then his services are named in French; in en-GB in English', async () => {
    const names = async (locale: string) =>
      (await (await alexIn(locale)).call('listSubscriptions', '/api/account/subscriptions')).body.subscriptions.map(
        (s: { name: string }) => s.name,
      );
    const french = await names('fr-FR');
    expect(french).toContain('Navigation connectée');
    expect(french).not.toContain('Connected Navigation');
    expect(await names('en-GB')).toContain('Connected Navigation');
  });

  it('when alex opens an order in de-DE, then its item is named in German (and cut at 30 characters, §9)', async () => {
    const recorded = somState.orders.find((o) => o.orderNo === orderNo(46))!.items[0]!.name;
    expect(recorded).toMatch(/^Connected Navigation/);
    const alex = await alexIn('de-DE');
    const { body } = await alex.call('getOrder', `/api/account/orders/${orderId(46)}/${orderNo(46)}`);
    expect(body.items[0].name).toMatch(/^Vernetzte Navigation/);
  });
});
