/**
 * The renewal page under the checkout control (docs/decisions/015; storefront §4 "Renewal page
 * load": "An item counts as orderable 24 hours (864e5 ms) after its ordered date"; account §2
 * Manage modal: "We are currently processing your order. Please check again later."), against
 * proxy.yaml's examples.
 */
import { screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import {
  operationExample,
  SESSION_STUB,
  stubApi,
  contractExample,
  type StubHandler,
} from '../../../testing/api-stub.ts';
import { renderApp } from '../../../testing/render-app.tsx';

const URL_GB = '/en-GB/service/cn-connected-navigation?carvin=ZAAAA1000AA000002';
const IN_PROGRESS = 'We are currently processing your order. Please check again later.';
const renewal = (body: unknown): StubHandler => ['GET', /\/api\/renewal\//, { status: 200, body }];
const ordered = () => operationExample<Record<string, unknown>>('/renewal/{productId}', 'get', 200, 'orderInProgress');

describe('renewal page: the checkout control', () => {
  it("when the service was ordered less than 24 hours ago, then the in-progress words replace every renew button, the checkout bar's too", async () => {
    stubApi([SESSION_STUB, renewal(ordered())]);
    // Back from the no-JavaScript renew form, which the control refused: no "renew failed" beside the words.
    renderApp(`${URL_GB}&renewError=1`);
    await screen.findByRole('heading', { level: 1, name: 'Renew Your Connected Navigation' });
    expect(screen.queryByRole('button', { name: 'Renew now' })).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
    const bar = screen.getByRole('region', { name: 'Checkout' });
    expect(within(bar).getByText(IN_PROGRESS)).toBeTruthy();
    expect(within(bar).queryByRole('button')).toBeNull();
    // The buy box and the expired alert say it too.
    expect(screen.getAllByText(IN_PROGRESS)).toHaveLength(3);
  });

  it('when it is orderable, then the renew buttons show and the words do not', async () => {
    stubApi([SESSION_STUB, renewal({ ...ordered(), orderable: true, orderableFrom: null })]);
    renderApp(URL_GB);
    await screen.findByRole('heading', { level: 1, name: 'Renew Your Connected Navigation' });
    expect(screen.getAllByRole('button', { name: 'Renew now' }).length).toBe(3);
    expect(screen.queryByText(IN_PROGRESS)).toBeNull();
  });

  it('when the basket refuses the plan with 409 order-in-progress (ordered in another tab), then those words, not "renew failed"', async () => {
    stubApi([
      SESSION_STUB,
      renewal({ ...ordered(), orderable: true, orderableFrom: null }),
      ['POST', /\/api\/basket\/items$/, { status: 409, body: contractExample('problemOrderInProgress') }],
    ]);
    renderApp(URL_GB);
    await userEvent.click(await screen.findByRole('radio', { name: /1 year/ }));
    await userEvent.click(screen.getAllByRole('button', { name: 'Renew now' })[0]!);
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe(IN_PROGRESS));
  });
});
