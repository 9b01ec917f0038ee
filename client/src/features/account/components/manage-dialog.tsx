import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import * as z from 'zod/mini';
import { zAutoRenewalReason, zRefundReason } from '../../../../../generated/proxy/zod-mini/zod.gen.ts';
import {
  ADDITIONAL_INFO_DEBOUNCE_MS,
  ADDITIONAL_INFO_MAX,
  AUTO_RENEWAL_REASONS,
  manageOffer,
  OTHER_REASON,
  REFUND_REASONS,
} from '../../../../../domain/subscription.ts';
import { formatLongDate } from '../../../../../domain/time.ts';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { Link } from '../../../components/ui/link.tsx';
import { TextArea } from '../../../components/ui/text-area.tsx';
import { isTextTooLong } from '../../../../../domain/text-area.ts';
import { useToast } from '../../../components/ui/toasts.tsx';
import { ApiError, type components } from '../../../lib/api/client.ts';
import { problemText } from '../../../lib/problem-text.ts';
import { useTranslation } from '../../../lib/i18n-react.tsx';
import { languageOf, useLocale } from '../../../lib/locales.ts';
import { useCancelAutoRenewal } from '../api/cancel-auto-renewal.ts';
import { useReactivateAutoRenewal } from '../api/reactivate-auto-renewal.ts';
import { useRequestRefund } from '../api/request-refund.ts';
import { planPeriod } from '../plan-period.ts';
import { flagRefundRequested, refundRequested } from '../refund-flags.ts';
import { renewPathOf } from './service-image.tsx';
import { PaymentMethodText } from '../../../components/ui/payment-method-text.tsx';

type Subscription = components['schemas']['Subscription'];
type Customer = components['schemas']['SubscriptionList']['customer'];
type Step = 'overview' | 'refund' | 'autoRenewalOff' | 'autoRenewalOn';

/**
 * The form starts from the contract's reasons (RefundReason, AutoRenewalReason), none chosen yet; the
 * additional information's limit is counted as a person counts it (domain/text-area.ts), which the
 * schema's maxLength, counting UTF-16 units, would not.
 */
const reasonForm = z.object({
  reason: z.union([z.literal(''), zRefundReason, zAutoRenewalReason]),
  additionalInfo: z.string(),
});
type ReasonForm = z.infer<typeof reasonForm>;

/**
 * The manage modal (account §2, Manage modal steps one and two): what the subscription allows —
 * the processing notice, auto-renewal off or on where the region shows it, a refund inside the
 * cooling-off period, Renew now or the contact-us text outside it — then the chosen action's step
 * with its reason, Cancel and the action button, and a toast with the result.
 */
export function ManageDialog({
  subscription,
  customer,
  showAutoRenewal,
  contactUsUrl,
  onClose,
}: {
  subscription: Subscription;
  customer: Customer;
  showAutoRenewal: boolean;
  contactUsUrl: string | undefined;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const { locale, to } = useLocale();
  const toast = useToast();
  const [step, setStep] = useState<Step>('overview');
  const [failure, setFailure] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  const requestRefund = useRequestRefund();
  const cancelAutoRenewal = useCancelAutoRenewal();
  const reactivateAutoRenewal = useReactivateAutoRenewal();
  const formId = useId();
  const reasonId = useId();
  const form = useForm<ReasonForm>({
    resolver: zodResolver(reasonForm),
    defaultValues: { reason: '', additionalInfo: '' },
  });
  const reason = form.watch('reason');
  const additionalInfo = form.watch('additionalInfo');
  // account §5: the text reaches the form 200 ms after the last keystroke; the box shows it at once.
  const [typed, setTyped] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => form.setValue('additionalInfo', typed), ADDITIONAL_INFO_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [typed, form]);
  const other = reason === OTHER_REASON;
  const tooLong = other && isTextTooLong(additionalInfo, ADDITIONAL_INFO_MAX);

  const date = (iso: string | null | undefined) => (iso ? formatLongDate(iso, locale) : '');
  const plan = planPeriod(t, languageOf(locale), subscription.plan);
  const offer = manageOffer(subscription);
  const renewPath = to(renewPathOf(subscription));
  const reasons = step === 'refund' ? REFUND_REASONS : AUTO_RENEWAL_REASONS;
  const reasonGroup = step === 'refund' ? 'refund' : 'autoRenewal';

  async function act(submitted: ReasonForm) {
    if (busy) return;
    // A submit inside the 200 ms sends what the box shows.
    const values = { ...submitted, additionalInfo: typed };
    if (values.reason === OTHER_REASON && isTextTooLong(typed, ADDITIONAL_INFO_MAX)) return;
    setBusy(true);
    setFailure(undefined);
    const info =
      values.reason === OTHER_REASON && values.additionalInfo.trim()
        ? { additionalInfo: values.additionalInfo.trim() }
        : {};
    try {
      if (step === 'refund') {
        const reason = zRefundReason.safeParse(values.reason);
        await requestRefund(subscription.id, { ...(reason.success ? { reason: reason.data } : {}), ...info });
        flagRefundRequested(subscription.id);
        toast.show(t('account.manage.toast.refunded'), 'success');
      } else if (step === 'autoRenewalOff') {
        const reason = zAutoRenewalReason.safeParse(values.reason);
        await cancelAutoRenewal(subscription.id, { ...(reason.success ? { reason: reason.data } : {}), ...info });
        toast.show(t('account.manage.toast.autoRenewalOff', { service: subscription.name }), 'success');
      } else {
        await reactivateAutoRenewal(subscription.id);
        toast.show(t('account.manage.toast.autoRenewalOn', { service: subscription.name }), 'success');
      }
      onClose();
    } catch (error) {
      setFailure(
        problemText(
          t,
          error instanceof ApiError && error.status === 409 ? error.problem : undefined,
          'account.manage.failed',
        ),
      );
    } finally {
      setBusy(false);
    }
  }

  const title =
    step === 'overview'
      ? subscription.name
      : step === 'refund'
        ? t('account.manage.refund.title')
        : step === 'autoRenewalOff'
          ? t('account.manage.autoRenewalOff.title')
          : t('account.manage.autoRenewalOn.title');

  const footer =
    step === 'overview' ? (
      <button type="button" className="button button--secondary" onClick={onClose}>
        {t('ui.close')}
      </button>
    ) : (
      <>
        <button type="button" className="button button--secondary" onClick={onClose} disabled={busy}>
          {t('account.manage.cancel')}
        </button>
        <button
          type="submit"
          form={formId}
          className="button button--primary"
          disabled={busy || tooLong}
          aria-busy={busy}
        >
          {step === 'refund'
            ? t('account.manage.refund.action')
            : step === 'autoRenewalOff'
              ? t('account.manage.autoRenewalOff.action')
              : t('account.manage.autoRenewalOn.action')}
        </button>
      </>
    );

  return (
    <Dialog open title={title} onClose={onClose} footer={footer}>
      {step === 'overview' ? (
        <div className="manage">
          <p className="manage__plan">
            {subscription.name} · {plan}
          </p>
          {offer === 'processing' ? (
            <p>{t('account.manage.processing')}</p>
          ) : (
            <>
              {showAutoRenewal ? (
                <div className="manage__row">
                  {subscription.autoRenewal.active ? (
                    <p>{t('account.manage.autoRenews', { date: date(subscription.autoRenewal.date) })}</p>
                  ) : (
                    <p>{t('account.manage.autoRenewalIsOff', { date: date(subscription.expiryDate) })}</p>
                  )}
                  <button
                    type="button"
                    className="button button--secondary"
                    onClick={() => setStep(subscription.autoRenewal.active ? 'autoRenewalOff' : 'autoRenewalOn')}
                  >
                    {subscription.autoRenewal.active
                      ? t('account.manage.autoRenewalOff.title')
                      : t('account.manage.autoRenewalOn.title')}
                  </button>
                </div>
              ) : null}
              {offer === 'refund' ? (
                <div className="manage__row">
                  <p>{t('account.manage.refundEligible', { date: date(subscription.coolingOffEndDate) })}</p>
                  <button
                    type="button"
                    className="button button--secondary"
                    disabled={refundRequested(subscription.id)}
                    onClick={() => setStep('refund')}
                  >
                    {t('account.manage.refund.title')}
                  </button>
                </div>
              ) : offer === 'renew' ? (
                <div className="manage__row">
                  <Link className="button button--primary" to={renewPath}>
                    {t('account.renewNow')}
                  </Link>
                </div>
              ) : (
                <p>
                  {t('account.manage.noRefund')}{' '}
                  {contactUsUrl ? <a href={contactUsUrl}>{t('account.contactUs')}</a> : null}
                </p>
              )}
            </>
          )}
        </div>
      ) : (
        <form id={formId} className="form manage" noValidate onSubmit={form.handleSubmit(act)}>
          {step === 'refund' ? (
            <>
              <p>
                {t('account.manage.refund.card')}{' '}
                {subscription.refundPaymentMethod ? (
                  <strong>
                    <PaymentMethodText method={subscription.refundPaymentMethod} />
                  </strong>
                ) : null}{' '}
                {t('account.manage.refund.when')}
              </p>
              <ContractDetails subscription={subscription} customer={customer} />
            </>
          ) : step === 'autoRenewalOff' ? (
            <p>{t('account.manage.autoRenewalOff.text', { date: date(subscription.expiryDate) })}</p>
          ) : (
            <p>
              {t('account.manage.autoRenewalOn.text', { date: date(subscription.expiryDate) })}{' '}
              <Link to={to('/account/my-payment-method')}>{t('account.manage.autoRenewalOn.updatePayment')}</Link>
            </p>
          )}
          {step !== 'autoRenewalOn' ? (
            <>
              <div className="field">
                <label htmlFor={reasonId}>{t('account.manage.reason')}</label>
                <select id={reasonId} {...form.register('reason')}>
                  <option value="">{t('account.manage.chooseReason')}</option>
                  {reasons.map((value, index) => (
                    <option key={value} value={value}>
                      {t(`account.reasons.${reasonGroup}.${index}`)}
                    </option>
                  ))}
                </select>
              </div>
              {other ? (
                <TextArea
                  id={`${reasonId}-info`}
                  label={t('account.manage.additionalInfo')}
                  value={typed}
                  onChange={setTyped}
                  maxChar={ADDITIONAL_INFO_MAX}
                  rows={3}
                />
              ) : null}
            </>
          ) : null}
          {failure ? (
            <p className="field__error" role="alert">
              {failure}
            </p>
          ) : null}
        </form>
      )}
    </Dialog>
  );
}

/** The refund step's contract details: full name, e-mail address, vehicle and VIN (account §2). */
function ContractDetails({ subscription, customer }: { subscription: Subscription; customer: Customer }) {
  const { t } = useTranslation();
  return (
    <section className="manage__contract" aria-label={t('account.manage.refund.contract')}>
      <h3>{t('account.manage.refund.contract')}</h3>
      <dl>
        <dt>{t('account.manage.refund.fullName')}</dt>
        <dd>{customer?.fullName ?? ''}</dd>
        <dt>{t('account.manage.refund.email')}</dt>
        <dd>{customer?.email ?? ''}</dd>
        <dt>{t('account.manage.refund.vehicle')}</dt>
        <dd>{subscription.vehicleModel ?? ''}</dd>
        <dt>{t('account.manage.refund.vin')}</dt>
        <dd>{subscription.vin ?? ''}</dd>
      </dl>
    </section>
  );
}
