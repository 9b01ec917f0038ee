import { zodResolver } from '@hookform/resolvers/zod';
import { useDeferredValue, useEffect, useId, useState, type ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { CHECKOUT_STEPS, type CheckoutStep } from '../../../../../domain/checkout-step.ts';
import { useLocale } from '../../../lib/use-locale.ts';
import { ApiError } from '../../../lib/api/client.ts';
import { useSession } from '../../../lib/api/get-session.ts';
import { startLogin } from '../../../lib/api/start-login.ts';
import { useOpenSubscriptions } from '../../../lib/login.ts';
import { lastPlacedOrder } from '../../../lib/order-storage.ts';
import { markMainContentShown } from '../../../lib/page-ready.ts';
import { useCheckoutState, type Basket, type CheckoutState } from '../api/get-checkout-state.ts';
import { useShippingMethods } from '../api/list-shipping-methods.ts';
import { useSetBillingAddress } from '../api/set-billing-address.ts';
import { customerEmailSchema, EMAIL_MAX_LENGTH, useSetCustomerEmail } from '../api/set-customer-email.ts';
import { useSetShippingAddress, type Address } from '../api/set-shipping-address.ts';
import { useSetShippingMethod } from '../api/set-shipping-method.ts';
import { AddressForm } from './address-form.tsx';
import { OrderSummary } from './order-summary.tsx';
import { PaymentStep } from './payment-step.tsx';
import './checkout.css';

/** /checkout (storefront §2 Checkout, §4 Checkout): five steps beside a sticky order summary. */
export function CheckoutPage() {
  const { t } = useTranslation();
  const { to } = useLocale();
  const { data: latest, error, isLoading } = useCheckoutState();
  // The checkout renders as a deferred render in slices, not inside SWR's synchronous update.
  const data = useDeferredValue(latest);
  useEffect(() => {
    if (data !== undefined || error) markMainContentShown();
  }, [data, error]);
  useEffect(() => {
    document.title = t('checkout.title');
  }, [t]);

  if (isLoading || (data === undefined && !error)) {
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

/**
 * The checkout after this tab placed an order (storefront §2 Checkout: the completed tick with a
 * thank-you label, a manage button and a my-services button): back here, the shopper sees it is
 * done and where to go next, not an empty basket.
 */
function CheckoutComplete({ orderNo }: { orderNo: string }) {
  const { t } = useTranslation();
  const { to } = useLocale();
  const { data: session } = useSession();
  const subscriptions = useOpenSubscriptions();
  const vin = session?.vehicle?.vin;
  return (
    <section className="page page--narrow checkout-complete" aria-labelledby="checkout-complete-title">
      <p className="checkout-complete__tick" aria-hidden="true">
        ✓
      </p>
      <h1 id="checkout-complete-title">{t('confirmation.title')}</h1>
      <p>{t('checkout.complete.text', { orderNo })}</p>
      <div className="checkout-complete__actions">
        <button type="button" className="button button--primary" onClick={() => void subscriptions.open()}>
          {t('checkout.complete.manage')}
        </button>
        <Link
          className="button button--secondary"
          to={vin ? `${to('/service')}?carvin=${encodeURIComponent(vin)}` : to('/account/my-services')}
        >
          {t('checkout.complete.myServices')}
        </Link>
        <Link className="link-button" to={to(`/confirmation/${orderNo}`)}>
          {t('checkout.complete.viewOrder')}
        </Link>
      </div>
    </section>
  );
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
                    {step === 3 ? <BillingStep basket={basket} /> : null}
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

function AddressLines({ address }: { address: Address }) {
  return (
    <address className="address-lines">
      {address.firstName} {address.lastName}
      <br />
      {address.address1}
      {address.address2 ? (
        <>
          <br />
          {address.address2}
        </>
      ) : null}
      <br />
      {address.postalCode} {address.city}
      {address.stateCode ? ` ${address.stateCode}` : ''}, {address.countryCode}
    </address>
  );
}

/** Step 1: log in (external login) or continue as a guest with an e-mail address. */
function LoginStep({ basket, registered }: { basket: Basket; registered: boolean }) {
  const { t } = useTranslation();
  const { to, locale } = useLocale();
  const { data: session } = useSession();
  const setEmail = useSetCustomerEmail();
  const id = useId();
  const [serverError, setServerError] = useState<string | undefined>();
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<{ email: string }>({
    resolver: zodResolver(customerEmailSchema),
    defaultValues: { email: basket.customerEmail ?? '' },
  });
  const submit = handleSubmit(async ({ email }) => {
    setServerError(undefined);
    try {
      await setEmail(email);
    } catch (error) {
      const problem = error instanceof ApiError ? error.problem : undefined;
      setServerError(
        problem?.status === 409
          ? t('checkout.login.linkedMailbox')
          : (problem?.detail ?? t('checkout.unexpectedError')),
      );
    }
  });
  if (registered) {
    return (
      <div className="login-step">
        <p>{t('checkout.login.signedInAs', { email: session?.customer?.email ?? '' })}</p>
        <button
          type="button"
          className="button button--primary"
          onClick={() => void setEmail(session?.customer?.email ?? '')}
        >
          {t('checkout.continue')}
        </button>
      </div>
    );
  }
  return (
    <div className="login-step">
      <div className="login-step__account">
        <p>{t('checkout.login.haveAccount')}</p>
        <button
          type="button"
          className="button button--secondary"
          onClick={() => void startLogin(to('/checkout'), locale)}
        >
          {t('checkout.login.logIn')}
        </button>
      </div>
      <form className="form" noValidate onSubmit={submit}>
        <h3>{t('checkout.login.guestTitle')}</h3>
        <div className="field">
          <label htmlFor={`${id}-email`}>{t('checkout.login.email')}</label>
          <input
            id={`${id}-email`}
            type="email"
            autoComplete="email"
            maxLength={EMAIL_MAX_LENGTH}
            aria-invalid={errors.email || serverError ? true : undefined}
            aria-describedby={errors.email ? `${id}-email-error` : serverError ? `${id}-email-server` : undefined}
            {...register('email')}
          />
          {errors.email ? (
            <p id={`${id}-email-error`} className="field__error">
              {t('checkout.login.emailInvalid')}
            </p>
          ) : null}
        </div>
        {serverError ? (
          <p id={`${id}-email-server`} className="field__error" role="alert">
            {serverError}
          </p>
        ) : null}
        <button type="submit" className="button button--primary" disabled={isSubmitting}>
          {t('checkout.login.continueAsGuest')}
        </button>
      </form>
    </div>
  );
}

/** Step 3: the shipping method (one digital delivery method for services). */
function ShippingMethodStep({ basket }: { basket: Basket }) {
  const { t } = useTranslation();
  const { data, error } = useShippingMethods(basket.basketId);
  const setShippingMethod = useSetShippingMethod();
  const [chosen, setChosen] = useState<string | undefined>(basket.shippingMethodId ?? undefined);
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);
  const selected = chosen ?? data?.defaultShippingMethodId ?? data?.methods[0]?.id;
  if (error) return <p role="alert">{t('checkout.unexpectedError')}</p>;
  if (!data) return <p role="status">{t('checkout.loading')}</p>;
  return (
    <form
      className="form"
      onSubmit={(event) => {
        event.preventDefault();
        if (!selected) return;
        setBusy(true);
        setFailed(false);
        void setShippingMethod(selected)
          .catch(() => setFailed(true))
          .finally(() => setBusy(false));
      }}
    >
      <fieldset className="choice-list">
        <legend className="visually-hidden">{t('checkout.steps.shippingMethod')}</legend>
        {data.methods.map((method) => (
          <label key={method.id} className="choice">
            <input
              type="radio"
              name="shipping-method"
              value={method.id}
              checked={selected === method.id}
              onChange={() => setChosen(method.id)}
            />
            <span>{method.name}</span>
            <span className="choice__price">
              {method.price.value === 0 ? t('checkout.shippingMethod.free') : method.price.formatted}
            </span>
          </label>
        ))}
      </fieldset>
      {failed ? (
        <p className="field__error" role="alert">
          {t('checkout.unexpectedError')}
        </p>
      ) : null}
      <button type="submit" className="button button--primary" disabled={busy || !selected}>
        {t('checkout.continue')}
      </button>
    </form>
  );
}

/** Step 4: the billing address, the shipping address by default. */
function BillingStep({ basket }: { basket: Basket }) {
  const { t } = useTranslation();
  const id = useId();
  const setBillingAddress = useSetBillingAddress();
  const [same, setSame] = useState(
    basket.billingAddress === null || sameAddress(basket.billingAddress, basket.shippingAddress),
  );
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState<string | undefined>();
  const submitSame = async () => {
    if (!basket.shippingAddress) return;
    setBusy(true);
    setFailed(undefined);
    try {
      await setBillingAddress(basket.shippingAddress);
    } catch (error) {
      setFailed((error instanceof ApiError ? error.problem?.detail : undefined) ?? t('checkout.unexpectedError'));
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="billing-step">
      <div className="checkbox">
        <input id={`${id}-same`} type="checkbox" checked={same} onChange={(e) => setSame(e.target.checked)} />
        <label htmlFor={`${id}-same`}>{t('checkout.billing.sameAsShipping')}</label>
      </div>
      {same ? (
        <>
          {basket.shippingAddress ? <AddressLines address={basket.shippingAddress} /> : null}
          {failed ? (
            <p className="field__error" role="alert">
              {failed}
            </p>
          ) : null}
          <button type="button" className="button button--primary" disabled={busy} onClick={() => void submitSame()}>
            {t('checkout.continue')}
          </button>
        </>
      ) : (
        <AddressForm
          idPrefix="billing"
          initial={
            basket.billingAddress && !sameAddress(basket.billingAddress, basket.shippingAddress)
              ? basket.billingAddress
              : null
          }
          submitLabel={t('checkout.continue')}
          onSubmit={async (address) => void (await setBillingAddress(address))}
        />
      )}
    </div>
  );
}

function sameAddress(a: Address | null, b: Address | null): boolean {
  if (!a || !b) return false;
  return (
    ['firstName', 'lastName', 'countryCode', 'address1', 'address2', 'city', 'stateCode', 'postalCode'] as const
  ).every((key) => (a[key] ?? '') === (b[key] ?? ''));
}
