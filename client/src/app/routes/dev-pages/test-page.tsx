import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from '../../../lib/i18n-react.tsx';
import { useNavigate } from 'react-router';
import { Link } from '../../../components/ui/link.tsx';
import { ADAS_PRODUCT_ID } from '../../../features/renewal/api/get-renewal-page.ts';
import { LOCALES, useLocale, type LocaleId } from '../../../lib/locales.ts';
import { DevPage } from './dev-page.tsx';

/** The products of the catalogue a renewal link can name (DESIGN.md products). */
const PRODUCTS = ['cn-connected-navigation', 'vcs-online-pack', ADAS_PRODUCT_ID] as const;
const IDENTIFIERS = ['carvin', 'token', 'evn'] as const;
const DEV_PAGES = ['/uikit', '/loqate', '/test-errors', '/test-multisite-components', '/cookie-preferences'] as const;

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
