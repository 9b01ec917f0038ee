/**
 * The test and developer pages of storefront §2 (outside production only): one chunk that
 * production never loads. They compose the shop's own features and components, so what a tester
 * sees here is what the shop does.
 */
import { useId, useMemo, useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { SUPPORTED_ADDRESS_COUNTRIES } from '../../../../domain/postal-codes.ts';
import { formatPrice } from '../../../../domain/price.ts';
import { formatLongDate } from '../../../../domain/time.ts';
import { useLocale } from '../../lib/use-locale.ts';
import { Accordion } from '../../components/ui/accordion.tsx';
import { Dialog } from '../../components/ui/dialog.tsx';
import { SearchableSelect } from '../../components/ui/searchable-select.tsx';
import { characterCount, isTooLong, TextArea } from '../../components/ui/text-area.tsx';
import { useToast } from '../../components/ui/toasts.tsx';
import { AddressForm } from '../../features/checkout/components/address-form.tsx';
import { lookupVehicle } from '../../features/products/api/lookup-vehicle.ts';
import { ADAS_PRODUCT_ID } from '../../features/renewal/api/get-renewal-page.ts';
import type { Address } from '../../features/checkout/api/set-shipping-address.ts';
import { ApiError } from '../../lib/api/client.ts';
import { COOKIE_PREFERENCES_KEY, readCookiePreferences, type CookiePreferences } from '../../lib/analytics.ts';
import { ChunkLoadError } from '../../lib/lazy.ts';
import { LOCALES, type LocaleId } from '../../lib/locales.ts';
import { SITES, useSite } from '../../lib/site.tsx';

/** The products of the catalogue a renewal link can name (DESIGN.md products). */
const PRODUCTS = ['cn-connected-navigation', 'vcs-online-pack', ADAS_PRODUCT_ID] as const;
const IDENTIFIERS = ['carvin', 'token', 'evn'] as const;
const DEV_PAGES = ['/uikit', '/loqate', '/test-errors', '/test-multisite-components', '/cookie-preferences'] as const;
const ERROR_PAGES = [
  '/vin-error',
  '/invalid-market-vin',
  '/invalid-brand-vin',
  '/generic-error',
  '/internal-server-error',
  '/maintenance',
  '/restricted-access',
  '/page-not-found',
] as const;

function DevPage({ page, children }: { page: string; children: ReactNode }) {
  const { t } = useTranslation();
  const title = t(`pages.${page}.title`);
  return (
    <article className="page dev-page" aria-labelledby="page-title">
      <title>{title}</title>
      <h1 id="page-title">{title}</h1>
      <p>{t(`pages.${page}.text`)}</p>
      {children}
    </article>
  );
}

/** /test: builds a renewal link with the link parameters and the three test flags of §2. */
export function TestPage() {
  const { t } = useTranslation();
  const { locale, to } = useLocale();
  const navigate = useNavigate();
  const id = useId();
  const [product, setProduct] = useState<string>(PRODUCTS[0]);
  const [identifier, setIdentifier] = useState<(typeof IDENTIFIERS)[number]>('carvin');
  const [value, setValue] = useState('');
  const [linkLocale, setLinkLocale] = useState<LocaleId>(locale);
  const [skipIsActiveCheck, setSkipIsActiveCheck] = useState(false);
  const [skipCheckoutControl, setSkipCheckoutControl] = useState(false);
  const [forceExpiryDate, setForceExpiryDate] = useState('');
  const [missing, setMissing] = useState(false);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!value.trim()) {
      setMissing(true);
      document.getElementById(`${id}-value`)?.focus();
      return;
    }
    const query = new URLSearchParams({ [identifier]: value.trim() });
    if (skipIsActiveCheck) query.set('skipIsActiveCheck', 'true');
    if (skipCheckoutControl) query.set('skipCheckoutControl', 'true');
    if (forceExpiryDate) query.set('forceExpiryDate', forceExpiryDate);
    const path = product === ADAS_PRODUCT_ID ? '/product' : `/service/${product}`;
    void navigate(`/${linkLocale}${path}?${query.toString()}`);
  };

  return (
    <DevPage page="test">
      <form className="form" noValidate onSubmit={submit}>
        <h2>{t('dev.test.linkTitle')}</h2>
        <div className="field">
          <label htmlFor={`${id}-product`}>{t('dev.test.product')}</label>
          <select id={`${id}-product`} value={product} onChange={(e) => setProduct(e.target.value)}>
            {PRODUCTS.map((p) => (
              <option key={p} value={p}>
                {p}
              </option>
            ))}
          </select>
        </div>
        <fieldset className="choice-list">
          <legend>{t('dev.test.identifier')}</legend>
          {IDENTIFIERS.map((name) => (
            <label key={name} className="choice">
              <input
                type="radio"
                name={`${id}-identifier`}
                checked={identifier === name}
                onChange={() => setIdentifier(name)}
              />
              {t(`dev.test.identifiers.${name}`)}
            </label>
          ))}
        </fieldset>
        <div className="field">
          <label htmlFor={`${id}-value`}>{t('dev.test.value')}</label>
          <input
            id={`${id}-value`}
            value={value}
            maxLength={64}
            aria-invalid={missing ? true : undefined}
            aria-describedby={missing ? `${id}-value-error` : undefined}
            onChange={(e) => {
              setValue(e.target.value);
              setMissing(false);
            }}
          />
          {missing ? (
            <p id={`${id}-value-error`} className="field__error" role="alert">
              {t('dev.test.valueMissing')}
            </p>
          ) : null}
        </div>
        <div className="field">
          <label htmlFor={`${id}-locale`}>{t('dev.test.locale')}</label>
          <select id={`${id}-locale`} value={linkLocale} onChange={(e) => setLinkLocale(e.target.value as LocaleId)}>
            {LOCALES.map((l) => (
              <option key={l} value={l}>
                {l}
              </option>
            ))}
          </select>
        </div>
        <fieldset className="choice-list">
          <legend>{t('dev.test.flags')}</legend>
          <p className="field__hint">{t('dev.test.flagsNote')}</p>
          <label className="checkbox">
            <input
              type="checkbox"
              checked={skipIsActiveCheck}
              onChange={(e) => setSkipIsActiveCheck(e.target.checked)}
            />
            {t('dev.test.skipIsActiveCheck')}
          </label>
          <label className="checkbox">
            <input
              type="checkbox"
              checked={skipCheckoutControl}
              onChange={(e) => setSkipCheckoutControl(e.target.checked)}
            />
            {t('dev.test.skipCheckoutControl')}
          </label>
          <div className="field">
            <label htmlFor={`${id}-expiry`}>{t('dev.test.forceExpiryDate')}</label>
            <input
              id={`${id}-expiry`}
              type="date"
              value={forceExpiryDate}
              onChange={(e) => setForceExpiryDate(e.target.value)}
            />
          </div>
        </fieldset>
        <button type="submit" className="button button--primary">
          {t('dev.test.open')}
        </button>
      </form>
      <h2>{t('dev.test.pages')}</h2>
      <ul>
        {DEV_PAGES.map((path) => (
          <li key={path}>
            <Link to={to(path)}>{path}</Link>
          </li>
        ))}
      </ul>
    </DevPage>
  );
}

/** The components every page is built from, in their states. */
function ComponentSamples() {
  const { t } = useTranslation();
  const { locale } = useLocale();
  const id = useId();
  return (
    <div className="dev-samples">
      <div className="dev-row">
        <button type="button" className="button button--primary">
          {t('dev.uikit.primary')}
        </button>
        <button type="button" className="button button--secondary">
          {t('dev.uikit.secondary')}
        </button>
        <button type="button" className="button button--ghost">
          {t('dev.uikit.ghost')}
        </button>
        <button type="button" className="button button--primary" disabled>
          {t('dev.uikit.disabled')}
        </button>
      </div>
      <div className="field">
        <label htmlFor={`${id}-field`}>{t('dev.uikit.field')}</label>
        <input id={`${id}-field`} aria-invalid="true" aria-describedby={`${id}-field-error`} defaultValue="" />
        <p id={`${id}-field-error`} className="field__error">
          {t('dev.uikit.fieldError')}
        </p>
      </div>
      <p className="notice">{t('dev.uikit.notice')}</p>
      <p>
        {formatPrice(149, 'GBP', locale)} · {formatPrice(99.5, 'EUR', locale)} · {formatPrice(1990, 'CZK', locale)}
      </p>
    </div>
  );
}

/** The message form's limit on /uikit: the text area's counter and "too long" state (§5). */
const SAMPLE_MAX_CHAR = 200;

function FormSamples() {
  const { t, i18n } = useTranslation();
  const id = useId();
  const [country, setCountry] = useState('');
  const [message, setMessage] = useState('');
  const [sent, setSent] = useState<string | undefined>();
  const countries = useMemo(() => {
    const names = new Intl.DisplayNames([i18n.language], { type: 'region' });
    return SUPPORTED_ADDRESS_COUNTRIES.map((code) => ({ value: code, label: names.of(code) ?? code }));
  }, [i18n.language]);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const name = countries.find((c) => c.value === country)?.label ?? '';
    setSent(t('dev.uikit.sent', { country: name, count: characterCount(message) }));
  };
  return (
    <form className="form" onSubmit={submit}>
      <div className="field">
        <SearchableSelect
          id={`${id}-country`}
          label={t('dev.uikit.searchableLabel')}
          options={countries}
          value={country}
          onChange={setCountry}
        />
      </div>
      <TextArea
        id={`${id}-message`}
        label={t('dev.uikit.message')}
        value={message}
        onChange={setMessage}
        maxChar={SAMPLE_MAX_CHAR}
        rows={4}
      />
      <button type="submit" className="button button--primary" disabled={isTooLong(message, SAMPLE_MAX_CHAR)}>
        {t('dev.uikit.send')}
      </button>
      <p role="status">{sent}</p>
    </form>
  );
}

/** /uikit: the shop's components, their states, the dialog, a toast and the accordion. */
export function UiKitPage() {
  const { t } = useTranslation();
  const toast = useToast();
  const [open, setOpen] = useState(false);
  return (
    <DevPage page="uikit">
      <h2>{t('dev.uikit.components')}</h2>
      <ComponentSamples />
      <h2>{t('dev.uikit.forms')}</h2>
      <FormSamples />
      <h2>{t('dev.uikit.overlays')}</h2>
      <div className="dev-row">
        <button type="button" className="button button--secondary" onClick={() => setOpen(true)}>
          {t('dev.uikit.openDialog')}
        </button>
        <button type="button" className="button button--secondary" onClick={() => toast.show(t('dev.uikit.toastText'))}>
          {t('dev.uikit.showToast')}
        </button>
      </div>
      <Dialog open={open} title={t('dev.uikit.dialogTitle')} onClose={() => setOpen(false)}>
        <p>{t('dev.uikit.dialogText')}</p>
      </Dialog>
      <h2>{t('dev.uikit.accordion')}</h2>
      <Accordion
        headingLevel={3}
        items={[
          { question: `<p>${t('dev.uikit.sampleQuestion')}</p>`, answer: `<p>${t('dev.uikit.sampleAnswer')}</p>` },
        ]}
      />
    </DevPage>
  );
}

/** /loqate: the checkout's address form alone, showing the address it would send. */
export function LoqatePage() {
  const { t } = useTranslation();
  const [address, setAddress] = useState<Address | undefined>();
  return (
    <DevPage page="loqate">
      <AddressForm
        idPrefix="loqate"
        initial={null}
        submitLabel={t('dev.loqate.use')}
        onSubmit={async (value) => setAddress(value)}
      />
      <h2>{t('dev.loqate.selected')}</h2>
      <div aria-live="polite">
        {address ? <pre className="dev-output">{JSON.stringify(address, null, 2)}</pre> : <p>{t('dev.loqate.none')}</p>}
      </div>
    </DevPage>
  );
}

function Thrower({ error }: { error: Error }): never {
  throw error;
}

/** /test-errors: each way a page can fail, and the error pages. */
export function TestErrorsPage() {
  const { t } = useTranslation();
  const { to } = useLocale();
  const [failure, setFailure] = useState<Error | undefined>();
  const [answer, setAnswer] = useState<string | undefined>();
  const malformed = async () => {
    try {
      // A VIN that is not one: the proxy's answer is the problem+json a malformed request gets.
      await lookupVehicle({ carvin: 'not-a-vin' });
      setAnswer(t('dev.errors.unexpectedSuccess'));
    } catch (error) {
      setAnswer(
        error instanceof ApiError
          ? t('dev.errors.answer', { status: error.status, title: error.problem?.title ?? '' })
          : t('dev.errors.noAnswer'),
      );
    }
  };
  return (
    <DevPage page="testErrors">
      {failure ? <Thrower error={failure} /> : null}
      <div className="dev-row">
        <button
          type="button"
          className="button button--secondary"
          onClick={() => setFailure(new Error('Test render error'))}
        >
          {t('dev.errors.render')}
        </button>
        <button
          type="button"
          className="button button--secondary"
          onClick={() => setFailure(new ChunkLoadError('Test chunk load failure'))}
        >
          {t('dev.errors.chunk')}
        </button>
        <button type="button" className="button button--secondary" onClick={() => void malformed()}>
          {t('dev.errors.api')}
        </button>
      </div>
      <p aria-live="polite">{answer}</p>
      <h2>{t('dev.errors.pages')}</h2>
      <ul>
        {ERROR_PAGES.map((path) => (
          <li key={path}>
            <Link to={to(path)}>{path}</Link>
          </li>
        ))}
      </ul>
    </DevPage>
  );
}

/** /test-multisite-components: the same components under each brand's theme, side by side. */
export function TestMultisitePage() {
  const { t } = useTranslation();
  return (
    <DevPage page="testMultisite">
      <div className="dev-brands">
        {SITES.map((brand) => (
          <section key={brand} data-site={brand} className="dev-brand" aria-labelledby={`brand-${brand}`}>
            <div className="dev-brand__header">
              <h2 id={`brand-${brand}`}>{t(`brand.${brand}`)}</h2>
            </div>
            <ComponentSamples />
          </section>
        ))}
      </div>
    </DevPage>
  );
}

/** /cookie-preferences: which cookies the site may use; analytics events follow the choice. */
export function CookiePreferencesPage() {
  const { t } = useTranslation();
  const toast = useToast();
  const [choice, setChoice] = useState<CookiePreferences>(() => readCookiePreferences());
  const save = (event: FormEvent) => {
    event.preventDefault();
    window.localStorage.setItem(COOKIE_PREFERENCES_KEY, JSON.stringify(choice));
    toast.show(t('dev.cookies.saved'), 'success');
  };
  return (
    <DevPage page="cookiePreferences">
      <form className="form" onSubmit={save}>
        <label className="checkbox">
          <input type="checkbox" checked disabled />
          <span>
            <strong>{t('dev.cookies.necessary')}</strong> — {t('dev.cookies.necessaryText')}
          </span>
        </label>
        {(['analytics', 'marketing'] as const).map((kind) => (
          <label key={kind} className="checkbox">
            <input
              type="checkbox"
              checked={choice[kind]}
              onChange={(e) => setChoice({ ...choice, [kind]: e.target.checked })}
            />
            <span>
              <strong>{t(`dev.cookies.${kind}`)}</strong> — {t(`dev.cookies.${kind}Text`)}
            </span>
          </label>
        ))}
        <button type="submit" className="button button--primary">
          {t('dev.cookies.save')}
        </button>
      </form>
    </DevPage>
  );
}

/** /test-override (fr-BE and es-ES only): what the locale overrides: language, brand, prices and dates. */
export function TestOverridePage() {
  const { t } = useTranslation();
  const { locale } = useLocale();
  const site = useSite();
  return (
    <DevPage page="testOverride">
      <dl className="vehicle-facts">
        <dt>{t('dev.override.locale')}</dt>
        <dd>{locale}</dd>
        <dt>{t('dev.override.brand')}</dt>
        <dd>{t(`brand.${site}`)}</dd>
        <dt>{t('dev.override.price')}</dt>
        <dd>{formatPrice(1234.5, 'EUR', locale)}</dd>
        <dt>{t('dev.override.date')}</dt>
        <dd>{formatLongDate('2026-12-31', locale)}</dd>
      </dl>
    </DevPage>
  );
}
