import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from '../../lib/i18n-react.tsx';
import { lazyResolver, useLazyResolver } from '../../lib/lazy-resolver.ts';

type VinFormValues = { carvin: string };

/** The contract's Vin schema, with Zod, loaded when the form first validates or is focused (issue 35). */
const resolver = lazyResolver<VinFormValues>(() =>
  import('./vin-form-resolver.ts').then((module) => module.vinFormResolver),
);

/**
 * A VIN input (17 characters, upper-cased as sent) with its hint and error, validated by the
 * contract's Vin schema; the VIN error page and the main page use it. Before the app runs it is a
 * plain form that opens `action?carvin=…` (the server checks the VIN as it does a link's).
 */
export function VinForm({
  submitLabel,
  action,
  onVin,
}: {
  submitLabel: string;
  /** The page the VIN opens (with ?carvin=). */
  action: string;
  onVin: (vin: string) => void;
}) {
  const { t } = useTranslation();
  const inputId = useId();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<VinFormValues>({ resolver: useLazyResolver(resolver) });

  return (
    <form
      className="form vin-form"
      action={action}
      method="get"
      noValidate
      onSubmit={handleSubmit(({ carvin }) => onVin(carvin))}
      onFocus={resolver.preload}
    >
      <div className="field">
        <label htmlFor={inputId}>{t('errors.vinError.vinLabel')}</label>
        <p id={`${inputId}-hint`} className="field__hint">
          {t('errors.vinError.vinHint')}
        </p>
        <input
          id={inputId}
          type="text"
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          maxLength={17}
          aria-invalid={errors.carvin ? true : undefined}
          aria-describedby={errors.carvin ? `${inputId}-hint ${inputId}-error` : `${inputId}-hint`}
          {...register('carvin', {
            setValueAs: (value: unknown) =>
              String(value ?? '')
                .trim()
                .toUpperCase(),
          })}
        />
        {errors.carvin ? (
          <p id={`${inputId}-error`} className="field__error" role="alert">
            {t('errors.vinError.vinInvalid')}
          </p>
        ) : null}
      </div>
      <button type="submit" className="button button--primary">
        {submitLabel}
      </button>
    </form>
  );
}
