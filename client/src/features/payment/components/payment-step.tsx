import { useCallback, useMemo, useRef, useState } from 'react';
import { useTranslation } from '../../../lib/i18n-react.tsx';
import { useNavigate } from 'react-router';
import { walletRecurringPayment } from '../../../../../domain/wallet.ts';
import { useLocale } from '../../../lib/locales.ts';
import { BusyOverlay } from '../../../components/ui/busy-overlay.tsx';
import { ApiError, type components, type Problem } from '../../../lib/api/client.ts';
import { newAttemptKey, usePaymentFailed, usePlaceOrder, type PlaceOrderRequest } from '../api/place-order.ts';
import { usePaymentSetup } from '../api/setup-payment.ts';
import { PaymentErrorDialog, paymentProblemOf } from './payment-error-dialog.tsx';
import { LivePaymentForm } from './live-payment-form.tsx';
import { SandboxCardForm } from './sandbox-card-form.tsx';
import { BANK_METHODS, isBankMethod, SandboxBankPay, sandboxBankMethods, type BankMethod } from './sandbox-bank.tsx';
import { MethodChoice } from './method-choice.tsx';
import { SandboxChallenge } from './sandbox-challenge.tsx';
import { SandboxWalletPay, WALLET_NAMES } from './sandbox-wallet.tsx';
import type { WalletType } from '../../../../../domain/payment-method.ts';
import { followRedirect, type AdyenAction, type AdyenActionAnswer, type AdyenDetails } from './redirect-form.ts';
import { useSubmitPaymentDetails } from '../api/submit-payment-details.ts';
import { adyenBrowserState } from './adyen-browser-info.ts';
import { SavedCardChoice, type CardChoice } from './saved-card-choice.tsx';

/** The checkout's basket (GET /api/checkout), as the payment step reads it. */
type Basket = components['schemas']['Basket'];

/** The wallet's recurring-payment request for the basket's one plan (storefront §9). */
function walletOf(basket: Basket, origin: string, managementPath: string) {
  const item = basket.items[0];
  if (!item) return undefined;
  return walletRecurringPayment(
    {
      basketId: basket.basketId,
      total: basket.orderTotal.value,
      duration: item.duration,
      durationType: item.durationType,
    },
    origin,
    managementPath,
  );
}

/**
 * The payment step (storefront §4 "On payment", §8): the market's provider, one Idempotency-Key per
 * attempt (a second click or a retry of the same attempt cannot pay twice), 3-D Secure and bank
 * redirects, and the error modal of §8 whose closing keeps the basket for another try.
 */
export function PaymentStep({ basket }: { basket: Basket }) {
  const { t } = useTranslation();
  const { to, locale } = useLocale();
  const total = basket.orderTotal.formatted ?? '';
  const confirmationPath = to('/payment-confirmation');
  // The wallet sheets exist in the browser only; a page painted on the server (a second tab opened at
  // the payment step) has no origin to name the management URL with.
  const wallet = useMemo(
    () => (typeof window === 'undefined' ? undefined : walletOf(basket, window.location.origin, confirmationPath)),
    [basket, confirmationPath],
  );
  const navigate = useNavigate();
  const { data: setup, error: setupError } = usePaymentSetup(total);
  const placeOrder = usePlaceOrder();
  const paymentFailed = usePaymentFailed();
  const attempt = useRef(newAttemptKey());
  const [paying, setPaying] = useState(false);
  const [problem, setProblem] = useState<Partial<Problem> | undefined>();

  const submitPaymentDetails = useSubmitPaymentDetails();
  const orderNo = useRef<string | undefined>(undefined);
  const [challenge, setChallenge] = useState<AdyenAction | undefined>();

  // An action: Adyen's goes back to the live component (`live`), or is followed here (sandbox mode).
  const place = useCallback(
    async (request: PlaceOrderRequest, live: boolean): Promise<AdyenActionAnswer | undefined> => {
      setPaying(true);
      try {
        const result = await placeOrder(request, attempt.current);
        if (result.outcome === 'actionRequired') {
          orderNo.current = result.orderNo ?? undefined;
          const adyen = result.adyen;
          if (adyen && (live || adyen.action.type === 'threeDS2')) {
            if (!live) setChallenge(adyen.action);
            setPaying(false);
            return live ? adyen : undefined;
          }
          if (adyen) followRedirect(adyen.action);
          else window.location.assign(result.redirectUrl ?? to('/checkout'));
          return undefined;
        }
        void navigate(to(`/confirmation/${result.orderNo}`));
        return undefined;
      } catch (error) {
        // A definite answer ends the attempt; a lost connection keeps the key for the retry.
        if (error instanceof ApiError) attempt.current = newAttemptKey();
        setProblem(paymentProblemOf(error));
        setPaying(false);
        throw error;
      }
    },
    [placeOrder, navigate, to],
  );
  const pay = useCallback(async (request: PlaceOrderRequest) => void (await place(request, false)), [place]);
  const payAdyen = useCallback((request: PlaceOrderRequest) => place(request, true), [place]);

  // The Adyen component's (or the sandbox challenge's) additional details settle the order; another
  // action (a challenge after the fingerprint) goes back to the component.
  const submitDetails = useCallback(
    async ({ details }: AdyenDetails): Promise<AdyenActionAnswer | undefined> => {
      setPaying(true);
      try {
        const answer = await submitPaymentDetails({
          context: 'checkout',
          ...(orderNo.current ? { orderNo: orderNo.current } : {}),
          details,
        });
        setChallenge(undefined);
        if (answer.outcome === 'actionRequired' && answer.adyen) {
          setPaying(false);
          return answer.adyen;
        }
        void navigate(to(`/confirmation/${answer.orderNo ?? orderNo.current ?? ''}`));
        return undefined;
      } catch (error) {
        setChallenge(undefined);
        attempt.current = newAttemptKey();
        setProblem(paymentProblemOf(error));
        setPaying(false);
        throw error;
      }
    },
    [submitPaymentDetails, navigate, to],
  );

  const payQuietly = useCallback((request: PlaceOrderRequest) => pay(request).catch(() => undefined), [pay]);

  // Sandbox mode's stand-in for the Payment Element's bank and wallet tabs (Adyen's wallet buttons):
  // the methods the market's provider offers.
  const [method, setMethod] = useState<'card' | BankMethod | WalletType>('card');
  const bankMethods = sandboxBankMethods(setup);
  const wallets = setup?.sandbox ? (setup.wallets ?? []) : [];
  const optionLabel = (option: 'card' | BankMethod | WalletType) =>
    option === 'card'
      ? t('checkout.payment.card')
      : isBankMethod(option)
        ? BANK_METHODS[option].label
        : WALLET_NAMES[option];

  const closeProblem = () => {
    const mismatch = problem?.paymentErrorKind === 'billing_address_missmatch';
    setProblem(undefined);
    if (mismatch) {
      // The billing-mismatch modal reloads checkout after replacing the URL with /checkout (§8).
      window.history.replaceState(window.history.state, '', to('/checkout'));
      window.location.reload();
      return;
    }
    paymentFailed();
  };

  const submitLabel = t('checkout.payment.pay', { total });

  // The saved card (storefront §6): chosen first where the account has one; the order names it only,
  // with the browser's facts Adyen's 3-D Secure needs, never the method itself.
  const savedCard = setup?.savedPaymentMethod ?? null;
  const [cardChoice, setCardChoice] = useState<CardChoice>('saved');
  const paySaved = () => {
    if (paying || !setup) return;
    void payQuietly({
      provider: setup.provider,
      paymentMethodType: 'CREDIT_CARD',
      useSavedPaymentMethod: true,
      ...(setup.provider === 'adyen' ? { adyenStateData: adyenBrowserState() } : {}),
    });
  };

  return (
    <div className="payment-step">
      {setupError ? (
        <p className="field__error" role="alert">
          {t('checkout.payment.unavailable')}
        </p>
      ) : !setup ? (
        <p role="status">{t('checkout.payment.loading')}</p>
      ) : (
        <>
          {savedCard ? <SavedCardChoice card={savedCard} choice={cardChoice} onChange={setCardChoice} /> : null}
          {savedCard && cardChoice === 'saved' ? (
            <div className="form">
              <button type="button" className="button button--primary" disabled={paying} onClick={paySaved}>
                {submitLabel}
              </button>
            </div>
          ) : setup.sandbox ? (
            <>
              {bankMethods.length + wallets.length > 0 ? (
                <MethodChoice
                  legend={t('checkout.payment.method')}
                  options={['card', ...bankMethods, ...wallets] as const}
                  labelOf={optionLabel}
                  value={method}
                  onChange={setMethod}
                />
              ) : null}
              {method === 'card' && challenge ? (
                <SandboxChallenge
                  action={challenge}
                  disabled={paying}
                  onDetails={(data) => void submitDetails(data).catch(() => undefined)}
                />
              ) : method === 'card' ? (
                <SandboxCardForm
                  provider={setup.provider}
                  {...(setup.provider === 'stripe' ? { stripeElements: setup.elementsOptions } : {})}
                  disabled={paying}
                  submitLabel={submitLabel}
                  onPay={pay}
                />
              ) : method === 'GOOGLE_PAY' || method === 'APPLE_PAY' ? (
                <SandboxWalletPay
                  wallet={method}
                  setup={setup}
                  total={total}
                  recurring={wallet}
                  disabled={paying}
                  onPay={payQuietly}
                  onProblem={(error) => setProblem(paymentProblemOf(error))}
                />
              ) : setup.provider === 'stripe' ? (
                <SandboxBankPay
                  bank={method}
                  setup={setup}
                  notice={t('checkout.payment.bankNotice', { method: BANK_METHODS[method].label })}
                  submitLabel={submitLabel}
                  disabled={paying}
                  onPay={payQuietly}
                  onProblem={(error) => setProblem(paymentProblemOf(error))}
                />
              ) : null}
            </>
          ) : (
            <LivePaymentForm
              setup={setup}
              locale={locale}
              submitLabel={submitLabel}
              disabled={paying}
              loading={t('checkout.payment.loading')}
              wallet={wallet}
              onPay={pay}
              onStripePay={payQuietly}
              onAdyenPay={payAdyen}
              onAdyenDetails={submitDetails}
            />
          )}
        </>
      )}
      {paying ? <BusyOverlay label={t('checkout.payment.processing')} /> : null}
      <PaymentErrorDialog problem={problem} showDetail onClose={closeProblem} />
    </div>
  );
}
