import { zodResolver } from '@hookform/resolvers/zod';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from '../../lib/i18n-react.tsx';
import * as z from 'zod/mini';
import { zVin } from '../../../../generated/proxy/zod-mini/zod.gen.ts';

const vinFormSchema = z.object({ vin: zVin });
type VinFormValues = z.infer<typeof vinFormSchema>;

/**
 * A VIN input (17 characters, upper-cased as sent) with its hint and error, validated by the
 * contract's Vin schema; the VIN error page and the main page use it.
 */
export function VinForm({ submitLabel, onVin }: { submitLabel: string; onVin: (vin: string) => void }) {
  const { t } = useTranslation();
  const inputId = useId();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<VinFormValues>({ resolver: zodResolver(vinFormSchema), defaultValues: { vin: '' } });

  return (
    <form className="form vin-form" noValidate onSubmit={handleSubmit(({ vin }) => onVin(vin))}>
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
          aria-invalid={errors.vin ? true : undefined}
          aria-describedby={errors.vin ? `${inputId}-hint ${inputId}-error` : `${inputId}-hint`}
          {...register('vin', {
            setValueAs: (value: unknown) =>
              String(value ?? '')
                .trim()
                .toUpperCase(),
          })}
        />
        {errors.vin ? (
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
