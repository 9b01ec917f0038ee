import { useState } from 'react';
import { useLocation, useParams } from 'react-router';
import { SHORT_STATUS_LABELS, type StatusLabel } from '../../../../../domain/order-status.ts';
import { regionName } from '../../../../../domain/region-names.ts';
import { formatLongDate } from '../../../../../domain/time.ts';
import { Breadcrumb } from '../../../components/layout/breadcrumb.tsx';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { Link } from '../../../components/ui/link.tsx';
import { ApiError, type components } from '../../../lib/api/client.ts';
import { useTranslation } from '../../../lib/i18n-react.tsx';
import { languageOf, useLocale } from '../../../lib/locales.ts';
import { getCreditNoteDocument } from '../../../features/account/api/get-credit-note-document.ts';
import { getInvoiceDocument } from '../../../features/account/api/get-invoice-document.ts';
import { orderTestHooks, useOrder } from '../../../features/account/api/get-order.ts';
import { planPeriod } from '../../../features/account/plan-period.ts';
import { AccountLayout, AccountState } from '../../../features/account/components/account-layout.tsx';
import { AddressLines } from '../../../features/account/components/address-lines.tsx';
import { PaymentMethodText } from '../../../components/ui/payment-method-text.tsx';
import { ServiceImage } from '../../../features/account/components/service-image.tsx';

type Order = components['schemas']['OrderDetail'];
type Item = components['schemas']['OrderItem'];
type DocumentKind = 'invoice' | 'creditNote';

/**
 * /account/my-orders/{id}/{orderNo} (account §2 Order detail): breadcrumb, number and date, billing
 * address in the region's order, payment method, total, the invoice and credit notes (PDF in a new
 * tab, an 'Unavailable' modal when they cannot be had), a section per item with its status timeline
 * and help text, the terms and Help & Support.
 */
export function OrderDetailPage() {
  const { t } = useTranslation();
  const { locale, to } = useLocale();
  const { id = '', orderNo = '' } = useParams();
  const { search } = useLocation();
  const { data, error, mutate } = useOrder(id, orderNo, locale, orderTestHooks(search));
  const title = t('account.orders.orderNumber', { orderNo });
  if (!data) {
    return (
      <AccountLayout title={title}>
        {error instanceof ApiError && error.status === 404 ? (
          <div className="account__state" role="alert">
            <p>{t('account.orders.notFound')}</p>
            <Link to={to('/account/my-orders')}>{t('account.orders.title')}</Link>
          </div>
        ) : (
          <AccountState error={error} retry={() => void mutate()} />
        )}
      </AccountLayout>
    );
  }
  return (
    <AccountLayout
      title={title}
      breadcrumb={
        <Breadcrumb items={[{ label: t('account.orders.title'), to: to('/account/my-orders') }, { label: title }]} />
      }
    >
      <p className="order__date">{t('account.orders.orderedOn', { date: formatLongDate(data.createdDate, locale) })}</p>
      {data.timelineDescription && data.cancelled ? (
        <p className="order__notice" role="note">
          {t('account.help.paymentFailed')}
        </p>
      ) : null}
      <div className="order__summary">
        <BillingAddress order={data} />
        <section className="order__block" aria-labelledby="order-payment">
          <h2 id="order-payment">{t('account.orders.paymentMethod')}</h2>
          <p>{data.paymentMethod ? <PaymentMethodText method={data.paymentMethod} /> : '—'}</p>
        </section>
        <section className="order__block" aria-labelledby="order-total">
          <h2 id="order-total">{t('account.orders.total')}</h2>
          <p className="order__total">{data.total.formatted}</p>
          <Documents order={data} />
        </section>
      </div>
      {data.items.map((item) => (
        <OrderItemSection key={item.id} item={item} />
      ))}
      <p>
        <Link to={to('/terms-conditions')}>{t('account.orders.terms')}</Link>
      </p>
      <section className="order__block" aria-labelledby="order-help">
        <h2 id="order-help">{t('account.helpPage.title')}</h2>
        <p>
          {/* The localised contact-us page (account §2 "a localised contact-us link"); Help & Support without one. */}
          {data.contactUsUrl ? (
            <a href={data.contactUsUrl}>{t('account.contactUs')}</a>
          ) : (
            <Link to={to('/account/need-help')}>{t('account.contactUs')}</Link>
          )}
          {' · '}
          <Link to={to('/faqs')}>{t('confirmation.faqLink')}</Link>
        </p>
      </section>
    </AccountLayout>
  );
}

function BillingAddress({ order }: { order: Order }) {
  const { t } = useTranslation();
  const { locale } = useLocale();
  const address = order.billingAddress;
  // An order the order system holds without a billing country has no address to show (issue 34).
  if (!address) return null;
  const country = regionName(address.countryCode, locale);
  return (
    <section className="order__block" aria-labelledby="order-billing">
      <h2 id="order-billing">{t('account.orders.billingAddress')}</h2>
      <AddressLines address={address} country={country} />
    </section>
  );
}

/**
 * View invoice and the credit notes (account §2, §5, §8): not ready yet, a disabled link with 'ready
 * to view shortly'; otherwise the PDF opens in a new tab, or the 'Unavailable' modal when it fails.
 */
function Documents({ order }: { order: Order }) {
  const { t } = useTranslation();
  const [failed, setFailed] = useState<DocumentKind | undefined>();
  async function open(kind: DocumentKind, load: () => Promise<Blob>) {
    // The tab opens with the click (a later window.open is a blocked pop-up), then shows the PDF.
    const tab = window.open('', '_blank');
    try {
      const pdf = await load();
      const url = URL.createObjectURL(pdf);
      if (tab) tab.location.href = url;
      else window.location.assign(url);
    } catch {
      tab?.close();
      setFailed(kind);
    }
  }
  return (
    <div className="order__documents">
      {order.invoice?.available ? (
        <button
          type="button"
          className="link-button"
          onClick={() => void open('invoice', () => getInvoiceDocument(order.id))}
        >
          {t('account.orders.viewInvoice')}
        </button>
      ) : (
        // No invoice issued yet (§5: the link is disabled until an invoice type exists).
        <p className="order__pending">
          <button type="button" className="link-button" disabled>
            {t('account.orders.viewInvoice')}
          </button>{' '}
          {t('account.orders.invoiceSoon')}
        </p>
      )}
      {order.creditNotes.map((note) =>
        note.available ? (
          <button
            key={note.id}
            type="button"
            className="link-button"
            onClick={() => void open('creditNote', () => getCreditNoteDocument(order.id, note.id))}
          >
            {t('account.orders.viewCreditNote', { number: note.number ?? note.id })}
          </button>
        ) : (
          <p key={note.id} className="order__pending">
            {t('account.orders.creditNoteSoon')}
          </p>
        ),
      )}
      <Dialog
        open={failed !== undefined}
        title={
          failed === 'creditNote' ? t('account.orders.creditNoteUnavailable') : t('account.orders.invoiceUnavailable')
        }
        onClose={() => setFailed(undefined)}
      >
        <p>
          {failed === 'creditNote'
            ? t('account.orders.creditNoteUnavailableText')
            : t('account.orders.invoiceUnavailableText')}
        </p>
      </Dialog>
    </div>
  );
}

function OrderItemSection({ item }: { item: Item }) {
  const { t } = useTranslation();
  const { locale, to } = useLocale();
  const help = item.helpText;
  return (
    <section className="order-item" aria-labelledby={`item-${item.id}`}>
      <ServiceImage src={item.imageUrl} />
      <div className="order-item__body">
        <h2 id={`item-${item.id}`} className="subscription__name">
          {item.name}
        </h2>
        <p>
          {planPeriod(t, languageOf(locale), item.plan)} · {item.price.formatted}
        </p>
        <p>
          {t('account.subscriptions.status')}:{' '}
          <span className={`status status--${item.statusKey}`}>{t(`account.status.${item.statusKey}`)}</span>
        </p>
        {item.timeline.length ? <Timeline steps={item.timeline} /> : null}
        {help ? (
          <p className="order-item__help">
            {t(`account.help.${help.kind}`, {
              amount: help.amount?.formatted ?? '',
              cardType: help.cardType ?? '',
              maskedDigits: help.maskedDigits ?? '',
            })}
            {help.kind === 'contactCentre' ? (
              <>
                {' '}
                <Link to={to('/account/need-help')}>{t('account.helpLink.contactCentre')}</Link>
              </>
            ) : help.kind === 'paymentError' ? (
              <>
                {' '}
                <Link to={to('/account/my-payment-method')}>{t('account.helpLink.paymentError')}</Link>
              </>
            ) : help.kind === 'installInstructions' && item.userManualUrl ? (
              <>
                {' '}
                <a href={item.userManualUrl}>{t('account.helpLink.installInstructions')}</a>
              </>
            ) : null}
          </p>
        ) : null}
      </div>
    </section>
  );
}

/** The order-status timeline (account §4): done a tick, the current step its number, inactive a cross. */
function Timeline({ steps }: { steps: components['schemas']['TimelineStep'][] }) {
  const { t } = useTranslation();
  return (
    <ol className="timeline" aria-label={t('account.orders.timeline')}>
      {steps.map((step, index) => {
        const short = SHORT_STATUS_LABELS[step.label as StatusLabel];
        return (
          <li key={index} className={`timeline__step timeline__step--${step.status}`}>
            <span className="timeline__marker" aria-hidden="true">
              {step.status === 'done' ? '✓' : step.status === 'inactive' ? '✕' : index + 1}
            </span>
            <span className={short ? 'timeline__label timeline__label--long' : 'timeline__label'}>
              {t(`account.status.${step.label}`)}
            </span>
            {short ? (
              <span className="timeline__label timeline__label--short" aria-hidden="true">
                {t(`account.statusShort.${step.label}`)}
              </span>
            ) : null}
            <span className="visually-hidden"> ({t(`account.orders.step.${step.status}`)})</span>
          </li>
        );
      })}
    </ol>
  );
}
