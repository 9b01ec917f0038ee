import { useTranslation } from '../../../lib/i18n-react.tsx';

/**
 * A "Renew now" of the renewal page (each submits the page's one renew form), or, while this
 * service's order is being processed (the checkout control, docs/decisions/015: orderable 24 hours
 * after the ordered date, storefront §4), the account area's words for an order in progress.
 */
export function RenewAction({
  orderable,
  form,
  className,
  disabled,
}: {
  orderable: boolean;
  form: string;
  className: string;
  disabled: boolean;
}) {
  const { t } = useTranslation();
  if (!orderable) return <p className="renewal__in-progress">{t('renewal.orderInProgress')}</p>;
  return (
    <button type="submit" form={form} className={className} disabled={disabled}>
      {t('renewal.renewNow')}
    </button>
  );
}
