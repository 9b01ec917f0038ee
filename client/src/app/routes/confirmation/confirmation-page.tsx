import { useEffect } from 'react';
import { useTranslation } from '../../../lib/i18n-react.tsx';
import { useParams } from 'react-router';
import { Link } from '../../../components/ui/link.tsx';
import { formatLongDate } from '../../../../../domain/time.ts';
import { useLocale } from '../../../lib/locales.ts';
import { NeedHelp } from '../../../components/ui/need-help.tsx';
import { ApiError } from '../../../lib/api/client.ts';
import { isPaymentPending, useOrderConfirmation } from '../../../features/confirmation/api/get-order-confirmation.ts';
import { ConfirmationItems } from '../../../features/confirmation/components/confirmation-items.tsx';
import { PaymentMethodText } from '../../../components/ui/payment-method-text.tsx';
import '../../../features/confirmation/components/confirmation.css';

/**
 * /confirmation/{orderNo} (storefront §2 Confirmation): thank-you with order number, order summary,
 * payment method with billing address and expiry, vehicle info with the next-payment message,
 * what is next, and need any help.
 */
export function ConfirmationPage() {
  const { t } = useTranslation();
  const { orderNo = '' } = useParams();
  const { locale, to } = useLocale();
  const { data, error } = useOrderConfirmation(orderNo);
  useEffect(() => {
    document.title = t('confirmation.title');
  }, [t]);

  // Its payment is being completed in another tab (3-D Secure, a bank page): asked again until it is paid.
  if (isPaymentPending(error)) {
    return (
      <section className="page page--narrow">
        <h1>{t('checkout.confirming.title')}</h1>
        <p role="status">{t('checkout.confirming.text')}</p>
      </section>
    );
  }
  if (error) {
    return (
      <section className="page page--narrow">
        <h1>{t('confirmation.notFoundTitle')}</h1>
        <p>
          {error instanceof ApiError && error.status === 404
            ? t('confirmation.notFound')
            : t('checkout.unexpectedError')}
        </p>
        <Link className="button button--primary" to={to('/home')}>
          {t('checkout.backToShop')}
        </Link>
      </section>
    );
  }
  if (!data) {
    return (
      <p className="page-loading" role="status">
        {t('checkout.loading')}
      </p>
    );
  }
  const date = (iso: string) => formatLongDate(iso, locale);
  const card = data.paymentMethod;
  return (
    <div className="confirmation container">
      <section className="confirmation__thanks" aria-labelledby="thanks-title">
        <h1 id="thanks-title">{t('confirmation.title')}</h1>
        <p className="confirmation__order-no">{t('confirmation.orderNumber', { orderNo: data.orderNo })}</p>
        <p>
          {data.customerEmail
            ? t('confirmation.descriptionEmail', { email: data.customerEmail })
            : t('confirmation.description')}
        </p>
      </section>

      <div className="confirmation__grid">
        <section className="confirmation__block" aria-labelledby="summary-title">
          <h2 id="summary-title">{t('confirmation.summary')}</h2>
          <ConfirmationItems items={data.items} />
          <dl className="confirmation__totals">
            {data.totals.pricesIncludeVat && data.totals.subtotalExclVat && data.totals.vat ? (
              <>
                <dt>{t('checkout.summary.subtotalExclVat')}</dt>
                <dd>{data.totals.subtotalExclVat.formatted}</dd>
                <dt>{t('checkout.summary.vat')}</dt>
                <dd>{data.totals.vat.formatted}</dd>
              </>
            ) : null}
            <dt>{t('checkout.summary.total')}</dt>
            <dd>{data.totals.total.formatted}</dd>
          </dl>
        </section>

        <section className="confirmation__block" aria-labelledby="payment-title">
          <h2 id="payment-title">{t('confirmation.paymentMethod')}</h2>
          <p>
            <PaymentMethodText method={card} />
          </p>
          {card.expMonth && card.expYear ? (
            <p>{t('confirmation.expires', { date: `${String(card.expMonth).padStart(2, '0')}/${card.expYear}` })}</p>
          ) : null}
          <h3>{t('confirmation.billingAddress')}</h3>
          <address>
            {data.billingAddress.firstName} {data.billingAddress.lastName}
            <br />
            {data.billingAddress.address1}
            <br />
            {data.billingAddress.postalCode} {data.billingAddress.city}, {data.billingAddress.countryCode}
          </address>
        </section>

        <section className="confirmation__block" aria-labelledby="vehicle-title">
          <h2 id="vehicle-title">{t('confirmation.vehicle')}</h2>
          <dl className="vehicle-facts">
            <dt>{t('confirmation.vehicleName')}</dt>
            <dd>{data.vehicle.name}</dd>
            <dt>{t('renewal.vehicle.vin')}</dt>
            <dd>{data.vehicle.vin}</dd>
            <dt>{t('confirmation.status')}</dt>
            <dd>{data.vehicle.status}</dd>
          </dl>
          <p>
            {data.vehicle.autoRenewal
              ? data.vehicle.nextPaymentDate
                ? t('confirmation.nextPaymentOn', { date: date(data.vehicle.nextPaymentDate) })
                : t('confirmation.nextPayment')
              : t('confirmation.noNextPayment')}
          </p>
        </section>

        <section className="confirmation__block" aria-labelledby="next-title">
          <h2 id="next-title">{t('confirmation.whatIsNext')}</h2>
          <p>{t('confirmation.whatIsNextText')}</p>
        </section>
      </div>

      <NeedHelp className="confirmation__help" />
    </div>
  );
}
