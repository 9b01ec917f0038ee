import { useDeferredValue, useEffect, useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from '../../../lib/i18n-react.tsx';
import { Link } from '../../../components/ui/link.tsx';
import { CHECKOUT_STEPS, type CheckoutStep } from '../../../../../domain/checkout-step.ts';
import { ApiError } from '../../../lib/api/client.ts';
import { useSession } from '../../../lib/api/get-session.ts';
import { lastPlacedOrder } from '../../../lib/order-storage.ts';
import { markMainContentShown } from '../../../lib/page-ready.ts';
import { useLocale } from '../../../lib/locales.ts';
import { isExternalUrl } from '../../../lib/redirect-url.ts';
import { useCheckoutState, type CheckoutState } from '../../../features/checkout/api/get-checkout-state.ts';
import { useSetShippingAddress } from '../../../features/checkout/api/set-shipping-address.ts';
import { AddressForm } from '../../../features/address/components/address-form.tsx';
import { AddressLines } from '../../../features/checkout/components/address-lines.tsx';
import { BillingStep } from '../../../features/checkout/components/billing-step.tsx';
import { CheckoutComplete } from '../../../features/checkout/components/checkout-complete.tsx';
import { LoginStep } from '../../../features/checkout/components/login-step.tsx';
import { OrderSummary } from '../../../features/checkout/components/order-summary.tsx';
import { PaymentStep } from '../../../features/payment/components/payment-step.tsx';
import { ShippingMethodStep } from '../../../features/checkout/components/shipping-method-step.tsx';
import '../../../features/checkout/components/checkout.css';

/** /checkout (storefront §2 Checkout, §4 Checkout): five steps beside a sticky order summary. */
export function CheckoutPage() {
  const { t } = useTranslation();
  const { to } = useLocale();
  const navigate = useNavigate();
  const { data: latest, error } = useCheckoutState();
  // The checkout renders as a deferred render in slices, not inside SWR's synchronous update.
  const data = useDeferredValue(latest);
  // Storefront §6: an unauthenticated customer without vehicle goes to login or the main page (decision 016).
  const redirectUrl = error instanceof ApiError && error.status === 401 ? error.problem?.redirectUrl : undefined;
  useEffect(() => {
    if (!redirectUrl) return;
    if (isExternalUrl(redirectUrl)) window.location.assign(redirectUrl);
    else void navigate(to(redirectUrl), { replace: true });
  }, [redirectUrl, navigate, to]);
  useEffect(() => {
    if (data !== undefined || error) markMainContentShown();
  }, [data, error]);
  useEffect(() => {
    document.title = t('checkout.title');
  }, [t]);

  if ((data === undefined && !error) || redirectUrl) {
    // The title and the in-control message do not wait for the basket: they paint with the page.
    return (
      <div className="checkout container">
        <h1 className="checkout__title">{t('checkout.title')}</h1>
        <p className="checkout__control">{t('checkout.inControl')}</p>
        <p className="page-loading" role="status">
          {t('checkout.loading')}
        </p>
      </div>
    );
  }
  if (error) {
    return (
      <section className="page page--narrow">
        <h1>{t('checkout.title')}</h1>
        <p role="alert">{t('checkout.unexpectedError')}</p>
      </section>
    );
  }
  if (data === null || data === undefined) {
    const placed = lastPlacedOrder();
    if (placed) return <CheckoutComplete orderNo={placed} />;
    return (
      <section className="page page--narrow">
        <h1>{t('checkout.title')}</h1>
        <p>{t('checkout.basketEmpty')}</p>
        <Link className="button button--primary" to={to('/home')}>
          {t('checkout.backToShop')}
        </Link>
      </section>
    );
  }
  return <Checkout state={data} />;
}

function Checkout({ state }: { state: CheckoutState }) {
  const { t } = useTranslation();
  const { data: session } = useSession();
  const setShippingAddress = useSetShippingAddress();
  const [open, setOpen] = useState<CheckoutStep>(state.step as CheckoutStep);
  const basket = state.basket;
  const registered = session?.authType === 'registered';

  // A changed basket opens the first incomplete step again (§4).
  useEffect(() => setOpen(state.step as CheckoutStep), [state.step]);

  const done = (step: CheckoutStep) => step < state.step;
  const summaries: Record<CheckoutStep, ReactNode> = {
    0: basket.customerEmail ?? session?.customer?.email ?? null,
    1: basket.shippingAddress ? <AddressLines address={basket.shippingAddress} /> : null,
    2: basket.shippingMethodId ? t('checkout.shippingMethod.digital') : null,
    3: basket.billingAddress ? <AddressLines address={basket.billingAddress} /> : null,
    4: null,
  };

  return (
    <div className="checkout container">
      <h1 className="checkout__title">{t('checkout.title')}</h1>
      <p className="checkout__control">{t('checkout.inControl')}</p>
      <div className="checkout__layout">
        <ol className="checkout__steps">
          {CHECKOUT_STEPS.map((name, index) => {
            const step = index as CheckoutStep;
            const isOpen = open === step && step <= state.step;
            return (
              <li key={name} className={`step ${isOpen ? 'step--open' : ''} ${done(step) ? 'step--done' : ''}`}>
                <div className="step__header">
                  <h2 className="step__title">
                    <span className="step__marker" aria-hidden="true">
                      {done(step) && !isOpen ? '✓' : index + 1}
                    </span>
                    {t(`checkout.steps.${name}`)}
                    {done(step) && !isOpen ? <span className="visually-hidden"> {t('checkout.completed')}</span> : null}
                  </h2>
                  {done(step) && !isOpen && !(step === 0 && registered) ? (
                    <button
                      type="button"
                      className="button button--ghost"
                      onClick={() => setOpen(step)}
                      aria-label={t('checkout.editStep', { step: t(`checkout.steps.${name}`) })}
                    >
                      {t('checkout.edit')}
                    </button>
                  ) : null}
                </div>
                {done(step) && !isOpen && summaries[step] ? (
                  <div className="step__summary">{summaries[step]}</div>
                ) : null}
                {isOpen ? (
                  <div className="step__body">
                    {step === 0 ? <LoginStep basket={basket} registered={registered} /> : null}
                    {step === 1 ? (
                      <AddressForm
                        idPrefix="shipping"
                        initial={basket.shippingAddress}
                        submitLabel={t('checkout.continue')}
                        onSubmit={async (address) => void (await setShippingAddress(address))}
                      />
                    ) : null}
                    {step === 2 ? <ShippingMethodStep basket={basket} /> : null}
                    {step === 3 ? <BillingStep basket={basket} AddressForm={AddressForm} /> : null}
                    {step === 4 ? <PaymentStep basket={basket} /> : null}
                  </div>
                ) : null}
              </li>
            );
          })}
        </ol>
        <OrderSummary basket={basket} />
      </div>
    </div>
  );
}
