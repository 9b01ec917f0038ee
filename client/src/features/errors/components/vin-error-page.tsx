import { zodResolver } from '@hookform/resolvers/zod';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { z } from 'zod';
import { zVin } from '../../../../../generated/proxy/zod/zod.gen.ts';
import { useLocale } from '../../../components/layout/page-type.ts';
import { ErrorLayout } from './error-layout.tsx';

export const VIN_RENEWAL_PRODUCT = 'cn-connected-navigation';

const vinFormSchema = z.object({ vin: zVin });
type VinForm = z.infer<typeof vinFormSchema>;

/** VIN not found: a VIN input (17 characters) and "Check subscriptions", which opens the renewal page for that VIN. */
export function VinErrorPage() {
  const { t } = useTranslation();
  const { to } = useLocale();
  const navigate = useNavigate();
  const inputId = useId();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<VinForm>({ resolver: zodResolver(vinFormSchema), defaultValues: { vin: '' } });

  const onSubmit = handleSubmit(({ vin }) => {
    void navigate(`${to(`/service/${VIN_RENEWAL_PRODUCT}`)}?carvin=${encodeURIComponent(vin)}`);
  });

  return (
    <ErrorLayout title={t('errors.vinError.title')} message={t('errors.vinError.message')}>
      <form className="form vin-form" noValidate onSubmit={onSubmit}>
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
          {t('errors.vinError.checkSubscriptions')}
        </button>
      </form>
    </ErrorLayout>
  );
}
