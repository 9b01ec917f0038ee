/**
 * Payment details for a customer who is not enabled (account §2, §6: "The subscriptions and payment
 * content render only if the customer is enabled (flag isCustomerEnabled)"): the page, the add and
 * edit forms and the billing address form keep their heading and render nothing of the payment
 * content, against the contract's examples of getPaymentMethod.
 */
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { userEvent } from '@testing-library/user-event';
import en from '../../../../../catalogues/en.json' with { type: 'json' };
import {
  contractExample,
  operationExample,
  SESSION_STUB,
  stubApi,
  type StubHandler,
} from '../../../testing/api-stub.ts';
import { renderApp } from '../../../testing/render-app.tsx';

const page = (name: string): StubHandler => [
  'GET',
  /\/api\/account\/payment-method$/,
  { body: operationExample('/account/payment-method', 'get', 200, name) },
];
const SITE: StubHandler = ['GET', /\/api\/site$/, { body: { customPreferences: {} } }];

afterEach(() => vi.unstubAllGlobals());

const words = en.account.paymentMethod;

const PAGES = [
  ['/en-GB/account/my-payment-method', words.title],
  ['/en-GB/account/my-payment-method/add-payment-method', words.addTitle],
  ['/en-GB/account/my-payment-method/edit-payment-method', words.editTitle],
  ['/en-GB/account/my-payment-method/edit-billing-address', words.editAddressTitle],
] as const;

/** What a page shows below its heading: its sections' headings and its form fields. */
async function contentOf(url: string, title: string) {
  renderApp(url);
  await screen.findByRole('heading', { level: 1, name: title });
  // The read has answered: no loading state, and no failure in its place.
  await waitFor(() => expect(screen.queryByRole('status', { name: /loading/i })).toBeNull());
  expect(screen.queryByRole('button', { name: /try again/i })).toBeNull();
  // The page's own content (the consent banner of a first visit is the shell's).
  const main = within(screen.getByRole('main'));
  return [
    ...main.queryAllByRole('heading', { level: 2 }).map((h) => h.textContent),
    ...main.queryAllByRole('textbox').map((box) => box.getAttribute('name') ?? 'field'),
    ...main.queryAllByText(new RegExp(`${words.info}|${words.infoAutoRenewal}`)).map(() => 'info'),
  ];
}

describe('Payment details of a customer who is not enabled (account §6)', () => {
  it.each(PAGES)(
    'when %s is opened by an enabled customer, then it shows payment content (the control)',
    async (url, title) => {
      stubApi([
        SESSION_STUB,
        SITE,
        ['GET', /\/api\/account\/payment-method$/, { body: contractExample('paymentMethodPageSavedCard') }],
      ]);
      expect((await contentOf(url, title)).length).toBeGreaterThan(0);
    },
  );

  it.each(PAGES)(
    'when %s is opened by a customer who is not enabled, then its heading and nothing of the payment content',
    async (url, title) => {
      stubApi([SESSION_STUB, SITE, page('customerNotEnabled')]);
      expect(await contentOf(url, title)).toEqual([]);
      expect(screen.queryByRole('button', { name: words.add })).toBeNull();
      expect(screen.queryByText(/4242/)).toBeNull();
    },
  );
});

describe('back from 3-D Secure or a bank page (account §2 toasts)', () => {
  const RETURN =
    '/en-GB/account/my-payment-method?context=accountPaymentMethod&provider=stripe&setup_intent=seti_1&setup_intent_client_secret=seti_1_secret&redirect_status=succeeded';

  it.each([
    ['&mode=add', words.toast.added],
    ['&mode=update', words.toast.updated],
  ])('when the return names %s, then the proxy finishes the saving and the toast says "%s"', async (mode, toast) => {
    const stub = stubApi([
      SESSION_STUB,
      SITE,
      ['GET', /\/api\/account\/payment-method$/, { body: contractExample('paymentMethodPageSavedCard') }],
      [
        'POST',
        /\/api\/checkout\/payment-confirmation$/,
        { body: { outcome: 'paymentMethodSaved', orderNo: null, status: null } },
      ],
    ]);
    renderApp(RETURN + mode);
    expect(await screen.findByText(toast)).toBeTruthy();
    const confirmation = stub.calls.find((call) => call.path.endsWith('/payment-confirmation'));
    expect(confirmation?.body).toMatchObject({
      context: 'accountPaymentMethod',
      provider: 'stripe',
      setup_intent: 'seti_1',
    });
  });
});

describe('a billing region the shop cannot serve (account §5)', () => {
  it('when Edit billing address is refused for the region, then the words of §5, and the form scrolls back to the postal code', async () => {
    const scrolled: Element[] = [];
    Element.prototype.scrollIntoView = vi.fn(function (this: Element) {
      scrolled.push(this);
    });
    stubApi([
      SESSION_STUB,
      SITE,
      ['GET', /\/api\/account\/payment-method$/, { body: contractExample('paymentMethodPageSavedCard') }],
      [
        'PUT',
        /\/api\/account\/billing-address$/,
        {
          status: 422,
          body: {
            type: 'https://shop.example/problems/region-not-supported',
            title: 'Region not supported',
            status: 422,
            detail: 'We are unable to complete transactions for the region of your billing address.',
            code: 'region_not_supported',
            errors: [{ field: '/postalCode', message: 'x', code: 'region_not_supported' }],
          },
        },
      ],
    ]);
    renderApp('/en-GB/account/my-payment-method/edit-billing-address');
    const postalCode = await screen.findByLabelText('Postal code');
    await userEvent.click(screen.getByRole('button', { name: /save/i }));
    expect(
      await screen.findByText('We are unable to complete transactions for the region of your billing address.'),
    ).toBeTruthy();
    expect(scrolled.some((element) => element.classList.contains('address-form'))).toBe(true);
    await waitFor(() => expect(document.activeElement).toBe(postalCode));
  });
});

describe('the payment page’s info text (account §2)', () => {
  it.each([
    [true, words.infoAutoRenewal],
    [false, words.info],
  ])('when the region shows auto-renewal: %s, then "%s"', async (showAutoRenewal, text) => {
    stubApi([
      SESSION_STUB,
      SITE,
      [
        'GET',
        /\/api\/account\/payment-method$/,
        { body: { ...contractExample<Record<string, unknown>>('paymentMethodPageSavedCard'), showAutoRenewal } },
      ],
    ]);
    renderApp('/en-GB/account/my-payment-method');
    expect(await screen.findByText(text)).toBeTruthy();
    expect(screen.queryByText(showAutoRenewal ? words.info : words.infoAutoRenewal)).toBeNull();
  });
});

describe('the billing address toasts (account §2)', () => {
  it.each([
    [null, words.toast.addressAdded],
    ['saved', words.toast.addressUpdated],
  ] as const)('when the billing address was %s and is saved, then "%s"', async (before, toast) => {
    const user = userEvent.setup();
    const page = contractExample<Record<string, unknown>>('paymentMethodPageSavedCard');
    stubApi([
      SESSION_STUB,
      SITE,
      ['GET', /\/api\/account\/payment-method$/, { body: before === null ? { ...page, billingAddress: null } : page }],
      ['PUT', /\/api\/account\/billing-address$/, { body: page }],
    ]);
    renderApp('/en-GB/account/my-payment-method/edit-billing-address');
    if (before === null) {
      // No address yet: the form opens on the lookup; the shopper types it in.
      await user.click(await screen.findByRole('button', { name: 'Add address manually' }));
      await user.type(screen.getByLabelText('First name'), 'Alex');
      await user.type(screen.getByLabelText('Last name'), 'Owner');
      await user.type(screen.getByLabelText('Address line 1'), '1 Parliament Square');
      await user.type(screen.getByLabelText('Town or city'), 'London');
      await user.type(screen.getByLabelText('Postal code'), 'SW1P 3BD');
    } else await screen.findByLabelText('Postal code');
    await user.click(screen.getByRole('button', { name: words.saveAddress }));
    expect(await screen.findByText(toast)).toBeTruthy();
  });
});
