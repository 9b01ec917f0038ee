/**
 * The account menu's entries (account §2: filtered by the preferences hideAccountPage,
 * hidePaymentMethodPage and showMyOverview; "The menu hides My Overview when the overview is not
 * enabled"; decision 009: hideAccountPage hides every account page of the menu).
 */
import { describe, expect, it } from 'vitest';
import { accountLinks, type MenuPreferences } from './account-links.ts';

const ALL = ['overview', 'subscriptions', 'orders', 'paymentMethod', 'help'];

describe('accountLinks', () => {
  it.each<[string, MenuPreferences | undefined, string[]]>([
    ['preferences not read yet', undefined, ALL],
    ['every page allowed', { hideAccountPage: false, showMyOverview: true, hidePaymentMethodPage: false }, ALL],
    ['overview not enabled (CZ)', { showMyOverview: false }, ['subscriptions', 'orders', 'paymentMethod', 'help']],
    ['payment method page hidden', { hidePaymentMethodPage: true }, ['overview', 'subscriptions', 'orders', 'help']],
    ['both', { showMyOverview: false, hidePaymentMethodPage: true }, ['subscriptions', 'orders', 'help']],
    ['account page hidden', { hideAccountPage: true, showMyOverview: true }, []],
  ])('when %s, then the menu lists the right entries', (_case, preferences, keys) => {
    expect(accountLinks(preferences).map(([key]) => key)).toEqual(keys);
  });

  it('every entry is an account path of §2', () => {
    for (const [, path] of accountLinks(undefined)) expect(path).toMatch(/^\/account\/[a-z-]+$/);
  });
});
