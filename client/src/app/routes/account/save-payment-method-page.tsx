import { useCallback, useState } from 'react';
import { useNavigate } from 'react-router';
import { AddressForm } from '../../../features/address/components/address-form.tsx';
import { PaymentErrorDialog, paymentProblemOf } from '../../../features/payment/components/payment-error-dialog.tsx';
import type { PaymentMethodInput } from '../../../features/payment/components/payment-method-input.ts';
import { LivePaymentForm } from '../../../features/payment/components/live-payment-form.tsx';
import {
  BANK_METHODS,
  SandboxBankPay,
  sandboxBankMethods,
  type BankMethod,
} from '../../../features/payment/components/sandbox-bank.tsx';
import { MethodChoice } from '../../../features/payment/components/method-choice.tsx';
import { SandboxCardForm } from '../../../features/payment/components/sandbox-card-form.tsx';
import { followRedirect } from '../../../features/payment/components/redirect-form.ts';
import { BusyOverlay } from '../../../components/ui/busy-overlay.tsx';
import { Link } from '../../../components/ui/link.tsx';
import { useToast } from '../../../components/ui/toasts.tsx';
import { ApiError, type components, type Problem } from '../../../lib/api/client.ts';
import { usePaymentSetup } from '../../../features/payment/api/setup-payment.ts';
import { useTranslation } from '../../../lib/i18n-react.tsx';
import { useLocale } from '../../../lib/locales.ts';
import { useAddPaymentMethod } from '../../../features/account/api/add-payment-method.ts';
import { usePaymentMethod } from '../../../features/account/api/get-payment-method.ts';
import { useUpdatePaymentMethod } from '../../../features/account/api/update-payment-method.ts';
import { AccountPage } from '../../../features/account/components/account-layout.tsx';
import { AddressLines } from '../../../features/account/components/address-lines.tsx';

type Address = components['schemas']['Address'];

const PAGE = '/account/my-payment-method';

/** The proxy's restricted-region answer (account §5, §8 Region not supported): a 422 on /postalCode. */
const isRegionRefusal = (error: unknown): error is ApiError =>
  error instanceof ApiError && error.problem?.code === 'region_not_supported';

/**
 * /account/my-payment-method/add-payment-method and /edit-payment-method (account §2): the billing
 * address first (the shared address form), then the market's payment form — the sandbox card form
 * (and iDEAL or Bancontact where the market's Stripe offers them) in sandbox mode, Stripe's Payment
 * Element or Adyen's card component in live mode — saved with an amount
 * of 0. 3-D Secure or a bank page take the shopper away and back to Payment details, which finishes
 * the saving; a refusal or a billing mismatch is said on the page, a billing region the shop cannot
 * serve on the billing address form.
 */
export function SavePaymentMethodPage({ mode }: { mode: 'add' | 'update' }) {
  const { t } = useTranslation();
  const { to, locale } = useLocale();
  const navigate = useNavigate();
  const toast = useToast();
  const read = usePaymentMethod();
  const { data: setup, error: setupError } = usePaymentSetup('0', 'accountPaymentMethod');
  const add = useAddPaymentMethod();
  const update = useUpdatePaymentMethod();
  const [billing, setBilling] = useState<Address | null>(null);
  // The address as last entered: the form reopens with it (Change, or a region refusal).
  const [entered, setEntered] = useState<Address | null>(null);
  // A region refusal of the saving, which the reopened form says as its own.
  const [refusal, setRefusal] = useState<Problem | undefined>();
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<Partial<Problem> | undefined>();
  // Sandbox mode's stand-in for the Payment Element's bank tabs: a bank debit saved for the renewals.
  const [method, setMethod] = useState<'card' | BankMethod>('card');
  const bankMethods = sandboxBankMethods(setup);

  const save = useCallback(
    async (method: PaymentMethodInput) => {
      if (!billing) return;
      setBusy(true);
      setProblem(undefined);
      try {
        const body = { ...method, billingAddress: billing };
        const answer = mode === 'add' ? await add(body) : await update(body);
        if ('outcome' in answer) {
          // Adyen's redirect (by GET or POST with its data) or the provider's page.
          if (answer.adyen?.action.type === 'redirect') followRedirect(answer.adyen.action);
          else if (answer.redirectUrl) window.location.assign(answer.redirectUrl);
          else throw new Error('Unsupported payment action');
          return;
        }
        toast.show(
          mode === 'add' ? t('account.paymentMethod.toast.added') : t('account.paymentMethod.toast.updated'),
          'success',
        );
        await navigate(to(PAGE));
      } catch (error) {
        setBusy(false);
        if (isRegionRefusal(error)) {
          // account §5: not the payment error modal but the billing address form, as Edit billing address.
          setRefusal(error.problem);
          setBilling(null);
          return;
        }
        setProblem(paymentProblemOf(error));
      }
    },
    [billing, mode, add, update, toast, t, navigate, to],
  );

  const title = mode === 'add' ? t('account.paymentMethod.addTitle') : t('account.paymentMethod.editTitle');
  const submitLabel = t('account.paymentMethod.saveMethod');
  return (
    <AccountPage title={title} read={read}>
      {(page) =>
        // account §6: nothing of the payment content for a customer who is not enabled.
        !page.isCustomerEnabled ? null : (
          <div className="save-method">
            <section aria-labelledby="save-billing">
              <h2 id="save-billing">{t('account.orders.billingAddress')}</h2>
              {billing ? (
                <>
                  <AddressLines address={billing} />
                  <button type="button" className="link-button" onClick={() => setBilling(null)} disabled={busy}>
                    {t('account.paymentMethod.change')}
                  </button>
                </>
              ) : (
                <AddressForm
                  idPrefix="save-method-billing"
                  initial={entered ?? page.billingAddress}
                  submitLabel={t('account.paymentMethod.continue')}
                  refusal={refusal}
                  onSubmit={async (address) => {
                    setRefusal(undefined);
                    setEntered(address);
                    setBilling(address);
                  }}
                />
              )}
            </section>
            {billing ? (
              <section aria-labelledby="save-method">
                <h2 id="save-method">{t('account.paymentMethod.methodStep')}</h2>
                {setupError ? (
                  <p className="field__error" role="alert">
                    {t('account.paymentMethod.unavailable')}
                  </p>
                ) : !setup ? (
                  <p role="status">{t('account.loading')}</p>
                ) : setup.sandbox ? (
                  <>
                    {bankMethods.length > 0 ? (
                      <MethodChoice
                        legend={t('checkout.payment.method')}
                        legendHidden
                        options={['card', ...bankMethods] as const}
                        labelOf={(option) =>
                          option === 'card' ? t('checkout.payment.card') : BANK_METHODS[option].label
                        }
                        value={method}
                        onChange={setMethod}
                      />
                    ) : null}
                    {method !== 'card' && setup.provider === 'stripe' ? (
                      <SandboxBankPay
                        bank={method}
                        setup={setup}
                        notice={t('account.paymentMethod.bankNotice', { method: BANK_METHODS[method].label })}
                        submitLabel={submitLabel}
                        disabled={busy}
                        onPay={save}
                        onProblem={(error) => setProblem(paymentProblemOf(error))}
                      />
                    ) : (
                      <SandboxCardForm
                        provider={setup.provider}
                        {...(setup.provider === 'stripe' ? { stripeElements: setup.elementsOptions } : {})}
                        disabled={busy}
                        submitLabel={submitLabel}
                        billingAddress={billing}
                        onPay={save}
                      />
                    )}
                  </>
                ) : (
                  <LivePaymentForm
                    setup={setup}
                    locale={locale}
                    submitLabel={submitLabel}
                    disabled={busy}
                    loading={t('account.loading')}
                    onPay={save}
                  />
                )}
              </section>
            ) : null}
            <p>
              <Link to={to(PAGE)}>{t('account.paymentMethod.back')}</Link>
            </p>
            {busy ? <BusyOverlay label={t('account.paymentMethod.saving')} /> : null}
            <PaymentErrorDialog
              problem={problem}
              showDetail
              onClose={() => {
                const mismatch = problem?.paymentErrorKind === 'billing_address_missmatch';
                setProblem(undefined);
                // account §8: the billing mismatch modal returns to my-payment-method from add-payment-method.
                if (mismatch) void navigate(to(PAGE));
              }}
            />
          </div>
        )
      }
    </AccountPage>
  );
}
