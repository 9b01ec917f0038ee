import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from '../../../lib/i18n-react.tsx';
import {
  ADDRESS_LIMITS,
  defaultCountryFromLocale,
  shouldSearchAddressLookup,
} from '../../../../../domain/address-form.ts';
import type { AddressFormInput, AddressFormValues } from '../../../../../domain/address-form-schema.ts';
import { lazyResolver, useLazyResolver } from '../../../lib/lazy-resolver.ts';
import { hasStateField, sanitizePostalCode, SUPPORTED_ADDRESS_COUNTRIES } from '../../../../../domain/postal-codes.ts';
import { regionName } from '../../../../../domain/region-names.ts';
import { useLocale } from '../../../lib/locales.ts';
import { SearchableSelect } from '../../../components/ui/searchable-select.tsx';
import { ApiError, type components } from '../../../lib/api/client.ts';
import { problemText } from '../../../lib/problem-text.ts';
import { findAddresses, lookupOutcome, type AddressSuggestion as Suggestion } from '../api/find-addresses.ts';
import { probeAddressLookup } from '../api/probe-address-lookup.ts';
import { retrieveAddress } from '../api/retrieve-address.ts';
import { useSiteConfig } from '../../../lib/api/get-site-config.ts';
import { useSite } from '../../../lib/site.tsx';
import './address-lookup.css';
import { STATES } from './states.ts';

type Address = components['schemas']['Address'];

/** The form's resolver in each mode, with Zod, loaded when the form first validates or is focused (issue 35). */
const resolverFor = (lookupMode: boolean) =>
  lazyResolver<AddressFormInput, AddressFormValues>(() =>
    import('./address-form-resolver.ts').then((module) => module.addressFormResolver({ lookupMode })),
  );
const resolvers = { lookup: resolverFor(true), manual: resolverFor(false) };

/**
 * The shared address form (storefront §5 Address form, §4 Address form modes): lookup mode with
 * suggestions (3 characters or more) or manual entry; switching clears the fields and errors; an
 * unavailable lookup falls back to manual entry with its message.
 */
export function AddressForm({
  initial,
  submitLabel,
  onSubmit,
  idPrefix,
  refusal,
}: {
  initial: Address | null;
  submitLabel: string;
  onSubmit: (address: Address) => Promise<void>;
  idPrefix: string;
  /** A later step's refusal of the address the form gave (a saving's region check): said as the form's own. */
  refusal?: components['schemas']['Problem'] | undefined;
}) {
  const { t, i18n } = useTranslation();
  const { locale } = useLocale();
  const formId = useId();
  const [mode, setMode] = useState<'lookup' | 'manual'>(initial ? 'manual' : 'lookup');
  const [unavailable, setUnavailable] = useState(false);
  const [lookupText, setLookupText] = useState('');
  const [suggestions, setSuggestions] = useState<Suggestion[]>([]);
  const [lookupError, setLookupError] = useState<string | undefined>();
  const [selectedLabel, setSelectedLabel] = useState<string | undefined>();
  const [submitError, setSubmitError] = useState<string | undefined>();
  const searchSeq = useRef(0);
  const form = useRef<HTMLFormElement>(null);
  const defaultCountry = defaultCountryFromLocale(locale) ?? 'GB';
  // The country options: the market's allowed countries (storefront §5 Address form: "options from
  // an allowed country list"), within the supported address countries; all of those until known.
  const { data: site } = useSiteConfig(useSite());
  const allowed: readonly string[] | undefined = site?.allowedCountries;
  const countries = allowed
    ? SUPPORTED_ADDRESS_COUNTRIES.filter((code) => allowed.includes(code))
    : SUPPORTED_ADDRESS_COUNTRIES;
  const empty = (): AddressFormInput => ({
    firstName: '',
    lastName: '',
    countryCode: defaultCountry,
    address1: '',
    address2: '',
    city: '',
    stateCode: '',
    postalCode: '',
    addressLookup: '',
  });
  const {
    register,
    handleSubmit,
    reset,
    setValue,
    watch,
    getValues,
    control,
    setFocus,
    formState: { errors, isSubmitting },
  } = useForm<AddressFormInput, unknown, AddressFormValues>({
    resolver: useLazyResolver(resolvers[mode]),
    defaultValues: initial
      ? { ...initial, address2: initial.address2 ?? '', stateCode: initial.stateCode ?? '', addressLookup: '' }
      : empty(),
  });
  const country = watch('countryCode');
  const stateOptions = useMemo(
    () =>
      hasStateField(country)
        ? Object.entries(STATES[country as 'US' | 'CA']).map(([value, label]) => ({ value, label }))
        : [],
    [country],
  );

  // A probe search ("test") on load tells whether the lookup can be offered.
  useEffect(() => {
    if (initial) return;
    let live = true;
    const fallBack = () => {
      if (!live) return;
      setUnavailable(true);
      setMode('manual');
    };
    probeAddressLookup().then((status) => !status.available && fallBack(), fallBack);
    return () => {
      live = false;
    };
  }, [initial]);

  const switchMode = (next: 'lookup' | 'manual') => {
    const names = { firstName: getValues('firstName'), lastName: getValues('lastName') };
    reset({ ...empty(), ...names });
    setLookupText('');
    setSuggestions([]);
    setLookupError(undefined);
    setSelectedLabel(undefined);
    setMode(next);
  };
  // The lookup is unavailable (storefront §5): manual entry, with its message.
  const fallBackToManual = () => {
    setUnavailable(true);
    switchMode('manual');
  };

  const search = async (text: string, container?: string) => {
    const seq = ++searchSeq.current;
    try {
      const result = await findAddresses(text, getValues('countryCode') || defaultCountry, container);
      if (seq !== searchSeq.current) return;
      setSuggestions(result.items);
      setLookupError(result.items.length === 0 ? t('address.notFound') : undefined);
    } catch (error) {
      if (seq !== searchSeq.current) return;
      setSuggestions([]);
      if (lookupOutcome(error) === 'notFound') setLookupError(t('address.notFound'));
      else fallBackToManual();
    }
  };

  const onLookupInput = (text: string) => {
    setLookupText(text);
    if (selectedLabel !== undefined && text !== selectedLabel) {
      // Editing the chosen result clears the selected address (§5).
      setSelectedLabel(undefined);
      setValue('addressLookup', '');
      for (const field of ['address1', 'address2', 'city', 'postalCode', 'stateCode'] as const) setValue(field, '');
    }
    setLookupError(undefined);
    if (shouldSearchAddressLookup(text)) void search(text.trim());
    else setSuggestions([]);
  };

  const choose = async (suggestion: Suggestion) => {
    if (suggestion.Type !== 'Address') {
      await search(lookupText.trim() || suggestion.Text, suggestion.Id);
      return;
    }
    try {
      const found = await retrieveAddress(suggestion.Id);
      const label = found.Label ?? `${suggestion.Text}, ${suggestion.Description}`;
      setValue('countryCode', found.CountryIso2, { shouldValidate: true });
      setValue('address1', found.Line1, { shouldValidate: true });
      setValue('address2', found.Line2 ?? '');
      setValue('city', found.City, { shouldValidate: true });
      setValue('postalCode', sanitizePostalCode(found.PostalCode), { shouldValidate: true });
      setValue('stateCode', found.ProvinceCode ?? '');
      setValue('addressLookup', label, { shouldValidate: true });
      setSelectedLabel(label);
      setLookupText(label);
      setSuggestions([]);
    } catch (error) {
      if (lookupOutcome(error) === 'notFound') setLookupError(t('address.notFound'));
      else fallBackToManual();
    }
  };

  const submit = handleSubmit(async (values) => {
    setSubmitError(undefined);
    const { addressLookup: _lookup, ...fields } = values;
    try {
      const stateCode = hasStateField(fields.countryCode) ? fields.stateCode || null : null;
      await onSubmit({ ...fields, address2: fields.address2 || null, stateCode });
    } catch (error) {
      showRefusal(error instanceof ApiError ? error.problem : undefined);
    }
  });

  function showRefusal(problem: components['schemas']['Problem'] | undefined) {
    // The words for the problem's field rule, code or type (issue 14), never its English detail.
    setSubmitError(problemText(t, problem, 'checkout.unexpectedError'));
    // A billing region the shop cannot serve (account §5): back to the address, at its postal code.
    if (problem?.code !== 'region_not_supported') return;
    form.current?.scrollIntoView({ behavior: 'smooth', block: 'start' });
    setFocus('postalCode');
  }
  const shownRefusal = useRef<typeof refusal>(undefined);
  useEffect(() => {
    if (!refusal || shownRefusal.current === refusal) return;
    shownRefusal.current = refusal;
    showRefusal(refusal);
  });

  const id = (name: string) => `${idPrefix}-${formId}-${name}`;
  const field = (
    name: 'firstName' | 'lastName' | 'address1' | 'address2' | 'city' | 'postalCode',
    label: string,
    options: { maxLength: number; autoComplete: string; sanitize?: (v: string) => string },
  ) => {
    const error = errors[name] ? t(`address.errors.${name}`) : undefined;
    return (
      <div className="field">
        <label htmlFor={id(name)}>{label}</label>
        <input
          id={id(name)}
          type="text"
          autoComplete={options.autoComplete}
          maxLength={options.maxLength}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? id(`${name}-error`) : undefined}
          {...register(
            name,
            options.sanitize ? { onChange: (e) => setValue(name, options.sanitize!(e.target.value)) } : {},
          )}
        />
        {error ? (
          <p id={id(`${name}-error`)} className="field__error">
            {error}
          </p>
        ) : null}
      </div>
    );
  };
  const showAddressFields = mode === 'manual' || selectedLabel !== undefined;

  return (
    <form
      ref={form}
      className="form address-form"
      noValidate
      onSubmit={submit}
      onFocus={resolvers[mode].preload}
      aria-describedby={unavailable ? id('unavailable') : undefined}
    >
      {unavailable ? (
        <p id={id('unavailable')} className="notice" role="status">
          {t('address.unavailable')}
        </p>
      ) : null}
      {field('firstName', t('address.firstName'), { maxLength: ADDRESS_LIMITS.name, autoComplete: 'given-name' })}
      {field('lastName', t('address.lastName'), { maxLength: ADDRESS_LIMITS.name, autoComplete: 'family-name' })}
      <div className="field">
        <label htmlFor={id('countryCode')}>{t('address.country')}</label>
        <select
          id={id('countryCode')}
          autoComplete="country"
          aria-invalid={errors.countryCode ? true : undefined}
          aria-describedby={errors.countryCode ? id('countryCode-error') : undefined}
          {...register('countryCode')}
        >
          <option value="" disabled>
            {t('address.selectPlaceholder')}
          </option>
          {countries.map((code) => (
            <option key={code} value={code}>
              {regionName(code, i18n.language)}
            </option>
          ))}
        </select>
        {errors.countryCode ? (
          <p id={id('countryCode-error')} className="field__error">
            {t('address.errors.countryCode')}
          </p>
        ) : null}
      </div>

      {mode === 'lookup' ? (
        <div className="field address-lookup">
          <label htmlFor={id('lookup')}>{t('address.lookupLabel')}</label>
          <p id={id('lookup-hint')} className="field__hint">
            {t('address.lookupHint')}
          </p>
          <input
            id={id('lookup')}
            type="search"
            autoComplete="off"
            value={lookupText}
            onChange={(e) => onLookupInput(e.target.value)}
            aria-invalid={lookupError || errors.addressLookup ? true : undefined}
            aria-describedby={[id('lookup-hint'), lookupError || errors.addressLookup ? id('lookup-error') : '']
              .filter(Boolean)
              .join(' ')}
            aria-controls={suggestions.length > 0 ? id('suggestions') : undefined}
          />
          {lookupError || errors.addressLookup ? (
            <p id={id('lookup-error')} className="field__error">
              {lookupError ?? t('address.errors.addressLookup')}
            </p>
          ) : null}
          {suggestions.length > 0 ? (
            <ul
              id={id('suggestions')}
              className={suggestions.length > 2 ? 'suggestions suggestions--scroll' : 'suggestions'}
              aria-label={t('address.suggestions')}
            >
              {suggestions.map((s) => (
                <li key={s.Id}>
                  <button type="button" className="suggestion" onClick={() => void choose(s)}>
                    <span className="suggestion__text">{s.Text}</span>{' '}
                    <span className="suggestion__description">{s.Description}</span>
                  </button>
                </li>
              ))}
            </ul>
          ) : null}
          <button type="button" className="link-button" onClick={() => switchMode('manual')}>
            {t('address.addManually')}
          </button>
        </div>
      ) : null}

      {showAddressFields ? (
        <>
          {field('address1', t('address.address1'), {
            maxLength: ADDRESS_LIMITS.addressLine,
            autoComplete: 'address-line1',
          })}
          {field('address2', t('address.address2'), {
            maxLength: ADDRESS_LIMITS.addressLine,
            autoComplete: 'address-line2',
          })}
          {field('city', t('address.city'), { maxLength: ADDRESS_LIMITS.city, autoComplete: 'address-level2' })}
          {hasStateField(country) ? (
            // Some sixty states and provinces: a dropdown that narrows as one types (storefront §5).
            <div className="field">
              <Controller
                control={control}
                name="stateCode"
                render={({ field: state }) => (
                  <SearchableSelect
                    id={id('stateCode')}
                    label={t('address.state')}
                    options={stateOptions}
                    value={state.value ?? ''}
                    onChange={state.onChange}
                    onBlur={state.onBlur}
                    autoComplete="address-level1"
                    invalid={Boolean(errors.stateCode)}
                    describedBy={errors.stateCode ? id('stateCode-error') : undefined}
                  />
                )}
              />
              {errors.stateCode ? (
                <p id={id('stateCode-error')} className="field__error">
                  {t('address.errors.stateCode')}
                </p>
              ) : null}
            </div>
          ) : null}
          {field('postalCode', t('address.postalCode'), {
            maxLength: ADDRESS_LIMITS.postalCode,
            autoComplete: 'postal-code',
            sanitize: sanitizePostalCode,
          })}
        </>
      ) : null}

      {mode === 'manual' && !unavailable ? (
        <button type="button" className="link-button" onClick={() => switchMode('lookup')}>
          {t('address.backToLookup')}
        </button>
      ) : null}

      {submitError ? (
        <p className="field__error" role="alert">
          {submitError}
        </p>
      ) : null}
      <button type="submit" className="button button--primary" disabled={isSubmitting}>
        {submitLabel}
      </button>
    </form>
  );
}
