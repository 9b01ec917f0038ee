/**
 * The renewal page's body (storefront §4): "Thank you" for a service that is up to date, else the
 * product's detail with the plan selector, the price, the Renew action, the benefits, the FAQ and
 * the countries dialog. The page (app/routes/renewal/renewal-page.tsx) reads the data and chooses.
 */
import { lazy, Suspense, useId, useLayoutEffect, useRef, useState } from 'react';
import { useTranslation } from '../../../lib/i18n-react.tsx';
import { useLocation, useNavigate } from 'react-router';
import { Link } from '../../../components/ui/link.tsx';
import { isRenewable } from '../../../../../domain/expiry.ts';
import { BusyOverlay } from '../../../components/ui/busy-overlay.tsx';
import { trackAddToCart } from '../../../lib/analytics.ts';
import { ApiError } from '../../../lib/api/client.ts';
import { useLocale } from '../../../lib/locales.ts';
import { useSession } from '../../../lib/api/get-session.ts';
import { useOpenSubscriptions } from '../../../lib/api/start-login.ts';
import { loadChunk } from '../../../lib/lazy.ts';
import { planLabel } from '../../../lib/plan.ts';
import { type RenewalPage as Data, type Variant } from '../api/get-renewal-page.ts';
import { useRenewItem } from '../api/renew-item.ts';
import { Gallery } from './gallery.tsx';
import { RenewAction } from './renew-action.tsx';
import './renewal.css';

// Off the first route (issue 12): the countries dialog loads when the shopper points at, focuses or
// presses "View countries included"; the problem words once a renewal fails.
const loadProblemText = () => loadChunk(() => import('../../../lib/problem-text.ts'));
const loadCountriesDialog = () => loadChunk(() => import('./countries-dialog.tsx'));
const CountriesDialog = lazy(() => loadCountriesDialog().then((module) => ({ default: module.CountriesDialog })));
const preloadCountriesDialog = () => {
  loadCountriesDialog().catch(() => undefined);
};

// The FAQ's disclosure component loads beside the page, not before it (issue 12): hydration leaves
// the server-rendered answers, native <details> that open without it, until it arrives.
const loadAccordion = () => loadChunk(() => import('../../../components/ui/accordion.tsx'));
const Accordion = lazy(() => loadAccordion().then((module) => ({ default: module.Accordion })));
loadAccordion().catch(() => undefined);

/**
 * The page's title and description, set in the commit that shows the page (a layout effect): the
 * page arrives in a deferred render, whose passive effects may run a frame later.
 */
function useDocumentMeta(title: string | undefined, description: string | undefined) {
  useLayoutEffect(() => {
    if (!title) return;
    const previous = document.title;
    document.title = title;
    let meta = document.querySelector<HTMLMetaElement>('meta[name="description"]');
    if (!meta) {
      meta = document.createElement('meta');
      meta.name = 'description';
      document.head.append(meta);
    }
    meta.content = description ?? '';
    return () => {
      document.title = previous;
    };
  }, [title, description]);
}

/** "Thank you": the service is active and up to date. */
export function UpToDate({ data }: { data: Data }) {
  const { t } = useTranslation();
  const subscriptions = useOpenSubscriptions();
  useDocumentMeta(t('renewal.upToDate.title'), undefined);
  return (
    <section className="page page--narrow up-to-date">
      <h1>{t('renewal.upToDate.title')}</h1>
      <p>{t('renewal.upToDate.message')}</p>
      <dl className="vehicle-facts">
        <dt>{t('renewal.vehicle.model')}</dt>
        <dd>{data.vehicle.model}</dd>
        <dt>{t('renewal.vehicle.vin')}</dt>
        <dd>{data.vehicle.vin}</dd>
      </dl>
      <button type="button" className="button button--primary" onClick={() => void subscriptions.open()}>
        {t('renewal.upToDate.viewAccount')}
      </button>
    </section>
  );
}

function PriceLabel({ variant, oneTimeFee }: { variant: Variant; oneTimeFee: boolean }) {
  const { t } = useTranslation();
  return (
    <span className="plan__price">
      {variant.price.formatted}
      {oneTimeFee ? <span className="plan__fee"> {t('renewal.oneTimeFee')}</span> : null}
    </span>
  );
}

/** The renew form's answer from the server names the plan selector's error or a failed renewal. */
const PLAN_ERROR_PARAM = 'planError';
const RENEW_ERROR_PARAM = 'renewError';

/** The plan a shopper chose on the server-rendered page before it hydrated (none on the server). */
function planChosenEarlier(formId: string): string | undefined {
  if (typeof document === 'undefined') return undefined;
  const radios = document.querySelectorAll<HTMLInputElement>('input[name="variantId"]');
  return [...radios].find((radio) => radio.checked && radio.getAttribute('form') === formId)?.value;
}

export function RenewalDetail({ data }: { data: Data }) {
  const { t } = useTranslation();
  const { to } = useLocale();
  const { pathname, search } = useLocation();
  const navigate = useNavigate();
  const renewItem = useRenewItem();
  const selectorRef = useRef<HTMLFieldSetElement>(null);
  const errorId = useId();
  const formId = useId();
  const { data: session } = useSession();
  const [variantId, setVariantId] = useState<string | undefined>(data.basketItem?.variantId);
  // A plan chosen before the page hydrated stays chosen: taken once hydration has rendered what
  // the server rendered (a first render that differed would make React render the page anew).
  useLayoutEffect(() => {
    const early = planChosenEarlier(formId);
    if (early) setVariantId(early);
  }, [formId]);
  // The renew form's answer from the server (a page that renewed before its JavaScript ran) may
  // name the plan selector's error or a failed renewal.
  const [planError, setPlanError] = useState(() => new URLSearchParams(search).has(PLAN_ERROR_PARAM));
  const [renewing, setRenewing] = useState(false);
  const [renewError, setRenewError] = useState<string | undefined>(() =>
    new URLSearchParams(search).has(RENEW_ERROR_PARAM) ? t('renewal.renewFailed') : undefined,
  );
  const [countriesOpen, setCountriesOpen] = useState(false);
  // The countries dialog loads when first asked for (issue 12), and stays to give focus back on close.
  const [countriesShown, setCountriesShown] = useState(false);
  const { product, vehicle, expiry } = data;
  const selected = data.variants.find((v) => v.productId === variantId);
  useDocumentMeta(t('renewal.pageTitle', { name: product.name }), t('renewal.pageDescription', { name: product.name }));

  const expiryDate = expiry.formatted;

  const renew = async () => {
    if (!selected) {
      setPlanError(true);
      selectorRef.current?.scrollIntoView({ behavior: 'smooth', block: 'center' });
      selectorRef.current?.querySelector('input')?.focus({ preventScroll: true });
      return;
    }
    setRenewing(true);
    setRenewError(undefined);
    try {
      await renewItem({ productId: product.id, variantId: selected.productId, vin: vehicle.vin });
      trackAddToCart({
        item_id: selected.productId,
        item_name: product.name,
        price: selected.price.value,
        currency: selected.price.currency,
      });
      void navigate(to('/checkout'));
    } catch (failure) {
      setRenewing(false);
      const problem = failure instanceof ApiError ? failure.problem : undefined;
      const words = loadProblemText().then(({ problemText }) => problemText(t, problem, 'renewal.renewFailed'));
      setRenewError(await words.catch(() => t('renewal.renewFailed')));
    }
  };

  // Every "Renew now" submits the one renew form: before the page's JavaScript runs the browser
  // posts it to the server (server/src/render/renew-form.ts), afterwards the app renews in place.
  const renewButton = (className: string) => (
    <RenewAction orderable={data.orderable} form={formId} className={className} disabled={renewing} />
  );

  return (
    <article className="renewal">
      <form
        id={formId}
        method="post"
        action={pathname + search}
        onSubmit={(event) => {
          event.preventDefault();
          void renew();
        }}
      >
        <input type="hidden" name="productId" value={product.id} />
        <input type="hidden" name="vin" value={vehicle.vin} />
        <input type="hidden" name="csrfToken" value={session?.csrfToken ?? ''} />
      </form>
      <header className="renewal__title container">
        <h1>{t('renewal.pageTitle', { name: product.name })}</h1>
        <p className="renewal__vehicle">
          <span>{vehicle.model}</span> · <span>{t('renewal.vehicle.vinValue', { vin: vehicle.vin })}</span>
        </p>
        <p className={`renewal__expiry renewal__expiry--${expiry.state}`}>
          {expiry.state === 'expired' ? t('renewal.expired') : t('renewal.expiresSoon', { date: expiryDate })}
        </p>
      </header>

      <div className="renewal__body container">
        <div className="renewal__media">
          <Gallery product={product} />
          {/* Product description HTML from the commerce catalogue (trusted; no scripts run under the CSP). */}
          <div className="renewal__description" dangerouslySetInnerHTML={{ __html: product.longDescription }} />
        </div>

        <div className="renewal__buy">
          <fieldset
            ref={selectorRef}
            className="plan-selector"
            aria-describedby={planError ? errorId : undefined}
            aria-invalid={planError || undefined}
          >
            <legend>{t('renewal.plan.legend')}</legend>
            {data.variants.map((variant) => (
              <label key={variant.productId} className="plan">
                <input
                  type="radio"
                  name="variantId"
                  form={formId}
                  value={variant.productId}
                  checked={variantId === variant.productId}
                  onChange={() => {
                    setVariantId(variant.productId);
                    setPlanError(false);
                  }}
                />
                <span className="plan__name">{planLabel(t, variant)}</span>
                <PriceLabel variant={variant} oneTimeFee={product.oneTimeFee} />
              </label>
            ))}
            {planError ? (
              <p id={errorId} className="field__error" role="alert">
                <strong>{t('renewal.plan.error')}</strong> {t('renewal.plan.errorHint')}
              </p>
            ) : null}
          </fieldset>
          {data.pricesIncludeVat ? <p className="renewal__vat">{t('renewal.pricesIncludeVat')}</p> : null}
          {data.showAutoRenewalMessage ? <p className="renewal__auto">{t('renewal.autoRenewal')}</p> : null}
          {data.countries ? (
            <p className="renewal__maps">
              {t('renewal.mapsIncluded', { plan: data.countries.countryPlan })}{' '}
              <button
                type="button"
                className="link-button"
                onClick={() => {
                  setCountriesShown(true);
                  setCountriesOpen(true);
                }}
                onPointerEnter={preloadCountriesDialog}
                onFocus={preloadCountriesDialog}
              >
                {t('renewal.viewCountries')}
              </button>
            </p>
          ) : null}
          {renewButton('button button--primary renewal__cta')}
          {renewError && data.orderable ? (
            <p className="field__error" role="alert">
              {renewError}
            </p>
          ) : null}
        </div>
      </div>

      {isRenewable(`${expiry.expiryDate}T00:00:00Z`, Date.now()) || expiry.state === 'expired' ? (
        <section className="renewal__alert container" aria-label={t('renewal.alert.label')}>
          <p>
            {expiry.state === 'expired'
              ? t('renewal.alert.expired')
              : t('renewal.alert.expiring', { date: expiryDate })}
          </p>
          {renewButton('button button--secondary')}
        </section>
      ) : null}

      {product.benefits.length > 0 ? (
        <section className="renewal__benefits container" aria-labelledby="benefits-title">
          <h2 id="benefits-title">{t('renewal.benefits')}</h2>
          <ul className="benefits">
            {product.benefits.map((benefit) => (
              <li key={benefit.title} className="benefit">
                {benefit.imageUrl ? <img src={benefit.imageUrl} alt="" width={64} height={64} loading="lazy" /> : null}
                <h3>{benefit.title}</h3>
                <p>{benefit.description}</p>
              </li>
            ))}
          </ul>
        </section>
      ) : null}

      <section className="renewal__more container" aria-labelledby="more-title">
        <h2 id="more-title">{t('renewal.moreInformation')}</h2>
        <ul>
          {product.userManualUrl ? (
            <li>
              <a href={product.userManualUrl} target="_blank" rel="noreferrer">
                {t('renewal.userManual')}
              </a>
            </li>
          ) : null}
          <li>
            <Link to={to('/terms-conditions')}>{t('renewal.purchaseTerms')}</Link>
          </li>
        </ul>
      </section>

      {data.faqs.length > 0 ? (
        <section className="renewal__faqs container" aria-labelledby="faq-title">
          <h2 id="faq-title">{t('renewal.faqTitle')}</h2>
          <Suspense fallback={null}>
            <Accordion items={data.faqs} />
          </Suspense>
          <Link
            className="button button--ghost"
            // The originating path in navigation state (storefront §2), and in the address for a
            // link followed before the app runs.
            to={`${to('/faqs')}?${new URLSearchParams({ from: pathname + search }).toString()}`}
            state={{
              from: pathname + search,
              previousPage: { label: t('renewal.pageTitle', { name: product.name }), to: pathname + search },
            }}
          >
            {t('renewal.faqViewAll')}
          </Link>
        </section>
      ) : null}

      <div className="checkout-bar" aria-label={t('renewal.checkoutBar')} role="region">
        <span className="checkout-bar__price">{selected ? selected.price.formatted : ''}</span>
        {renewButton('button button--primary')}
      </div>

      {renewing ? <BusyOverlay label={t('renewal.renewing')} /> : null}

      {data.countries && countriesShown ? (
        <Suspense fallback={null}>
          <CountriesDialog countries={data.countries} open={countriesOpen} onClose={() => setCountriesOpen(false)} />
        </Suspense>
      ) : null}
    </article>
  );
}
