import { useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { AddressForm } from '../../../features/address/components/address-form.tsx';
import { PaymentErrorDialog } from '../../../features/payment/components/payment-error-dialog.tsx';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { Link } from '../../../components/ui/link.tsx';
import { useToast } from '../../../components/ui/toasts.tsx';
import { ApiError, type components, type Problem } from '../../../lib/api/client.ts';
import { problemText } from '../../../lib/problem-text.ts';
import { useConfirmPayment } from '../../../features/payment/api/confirm-payment.ts';
import { useTranslation } from '../../../lib/i18n-react.tsx';
import { useLocale } from '../../../lib/locales.ts';
import { useDeletePaymentMethod } from '../../../features/account/api/delete-payment-method.ts';
import { usePaymentMethod } from '../../../features/account/api/get-payment-method.ts';
import { useUpdateBillingAddress } from '../../../features/account/api/update-billing-address.ts';
import { AccountPage } from '../../../features/account/components/account-layout.tsx';
import { AddressLines } from '../../../features/account/components/address-lines.tsx';
import { PaymentMethodText } from '../../../components/ui/payment-method-text.tsx';

type Page = components['schemas']['PaymentMethodPage'];

const PAGE = '/account/my-payment-method';

/**
 * /account/my-payment-method (account §2 Payment method page): no method, 'No payment method' and Add
 * (a modal where none can be added yet); a saved one with Edit Payment, its billing address with Edit
 * address, and Delete with its confirmation, or the 'can't be removed' modal while active
 * subscriptions use it. The info text follows whether the region shows auto-renewal.
 */
export function PaymentMethodPage() {
  const { t } = useTranslation();
  const read = usePaymentMethod();
  const finishing = useFinishSaving();
  return (
    <AccountPage title={t('account.paymentMethod.title')} read={read}>
      {(data) =>
        // account §2, §6: the payment content renders only for an enabled customer (isCustomerEnabled).
        !data.isCustomerEnabled ? null : (
          <>
            {finishing ? (
              <p className={finishing.failed ? 'field__error' : undefined} role={finishing.failed ? 'alert' : 'status'}>
                {finishing.message}
              </p>
            ) : null}
            <p>{data.showAutoRenewal ? t('account.paymentMethod.infoAutoRenewal') : t('account.paymentMethod.info')}</p>
            {data.paymentMethod ? <SavedMethod page={data} /> : <NoMethod page={data} />}
          </>
        )
      }
    </AccountPage>
  );
}

/**
 * Back from 3-D Secure or the bank page of a saving (account §2: with setup_intent,
 * setup_intent_client_secret and redirect_status from Stripe, redirectResult from Adyen): the proxy
 * finishes it (it reads the result from the provider), then the toast, and the query leaves the URL.
 */
function useFinishSaving(): { message: string; failed: boolean } | undefined {
  const { t } = useTranslation();
  const { search } = useLocation();
  const navigate = useNavigate();
  const { to } = useLocale();
  const toast = useToast();
  const confirm = useConfirmPayment();
  const [state, setState] = useState<{ message: string; failed: boolean } | undefined>();
  const started = useRef(false);
  useEffect(() => {
    const query = new URLSearchParams(search);
    if (query.get('context') !== 'accountPaymentMethod' || started.current) return;
    if (!query.get('setup_intent') && !query.get('redirectResult')) return;
    started.current = true;
    const mode = query.get('mode') === 'add' ? 'add' : 'update';
    setState({ message: t('account.paymentMethod.confirming'), failed: false });
    const provider = query.get('provider');
    void confirm({
      context: 'accountPaymentMethod',
      ...(provider === 'stripe' || provider === 'adyen' ? { provider } : {}),
      ...Object.fromEntries(
        ['setup_intent', 'setup_intent_client_secret', 'redirect_status', 'redirectResult'].flatMap((name) => {
          const value = query.get(name);
          return value ? [[name, value]] : [];
        }),
      ),
    })
      .then(() => {
        setState(undefined);
        toast.show(
          mode === 'add' ? t('account.paymentMethod.toast.added') : t('account.paymentMethod.toast.updated'),
          'success',
        );
      })
      .catch((error: unknown) =>
        setState({
          message: problemText(t, error instanceof ApiError ? error.problem : undefined, 'account.manage.failed'),
          failed: true,
        }),
      )
      .finally(() => void navigate(to(PAGE), { replace: true }));
  }, [search, confirm, navigate, to, toast, t]);
  return state;
}

function NoMethod({ page }: { page: Page }) {
  const { t } = useTranslation();
  const { to } = useLocale();
  const navigate = useNavigate();
  const [cannotAdd, setCannotAdd] = useState(false);
  return (
    <div className="account__empty">
      <h2>{t('account.paymentMethod.none')}</h2>
      <button
        type="button"
        className="button button--primary"
        onClick={() =>
          page.canAddPaymentMethod ? void navigate(to(`${PAGE}/add-payment-method`)) : setCannotAdd(true)
        }
      >
        {t('account.paymentMethod.add')}
      </button>
      <Dialog open={cannotAdd} title={t('account.paymentMethod.add')} onClose={() => setCannotAdd(false)}>
        <p>{t('account.paymentMethod.cannotAdd')}</p>
      </Dialog>
    </div>
  );
}

function SavedMethod({ page }: { page: Page }) {
  const { t } = useTranslation();
  const { to } = useLocale();
  const toast = useToast();
  const deleteMethod = useDeletePaymentMethod();
  const [asking, setAsking] = useState(false);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | undefined>();
  const method = page.paymentMethod!;
  const address = page.billingAddress;
  const blocked = page.hasLinkedActiveSubscriptions;

  async function remove() {
    setBusy(true);
    setFailure(undefined);
    try {
      await deleteMethod();
      setAsking(false);
      toast.show(t('account.paymentMethod.toast.deleted'), 'success');
    } catch (error) {
      setFailure(
        error instanceof ApiError && error.status === 409
          ? t('account.paymentMethod.blockedTitle')
          : t('account.manage.failed'),
      );
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="payment-method">
      <section className="order__block" aria-labelledby="saved-method">
        <h2 id="saved-method">{t('account.paymentMethod.saved')}</h2>
        <p>
          <PaymentMethodText method={method} />
        </p>
        {method.expMonth && method.expYear ? (
          <p>{t('confirmation.expires', { date: `${String(method.expMonth).padStart(2, '0')}/${method.expYear}` })}</p>
        ) : null}
        {method.expired ? (
          <p className="field__error" role="alert">
            {t('account.paymentMethod.expired')}
          </p>
        ) : null}
        <Link className="button button--secondary" to={to(`${PAGE}/edit-payment-method`)}>
          {t('account.paymentMethod.edit')}
        </Link>
      </section>
      <section className="order__block" aria-labelledby="saved-billing">
        <h2 id="saved-billing">{t('account.orders.billingAddress')}</h2>
        {address ? <AddressLines address={address} /> : null}
        <Link className="button button--secondary" to={to(`${PAGE}/edit-billing-address`)}>
          {address ? t('account.paymentMethod.editAddress') : t('account.paymentMethod.addAddress')}
        </Link>
      </section>
      <p>
        <button type="button" className="button button--ghost" onClick={() => setAsking(true)}>
          {t('account.paymentMethod.delete')}
        </button>
      </p>
      <Dialog
        open={asking}
        title={blocked ? t('account.paymentMethod.blockedTitle') : t('account.paymentMethod.delete')}
        onClose={() => setAsking(false)}
        footer={
          blocked ? undefined : (
            <>
              <button
                type="button"
                className="button button--secondary"
                onClick={() => setAsking(false)}
                disabled={busy}
              >
                {t('account.manage.cancel')}
              </button>
              <button type="button" className="button button--primary" onClick={() => void remove()} disabled={busy}>
                {t('account.paymentMethod.confirmDelete')}
              </button>
            </>
          )
        }
      >
        {blocked ? (
          <p>
            {t('account.paymentMethod.blockedText')}{' '}
            <Link to={to('/account/my-subscriptions')}>{t('header.menu.subscriptions')}</Link>
          </p>
        ) : (
          <p>{t('account.paymentMethod.deleteQuestion')}</p>
        )}
        {failure ? (
          <p className="field__error" role="alert">
            {failure}
          </p>
        ) : null}
      </Dialog>
    </div>
  );
}

/**
 * /account/my-payment-method/edit-billing-address (account §2, §5): the shared address form; the
 * restricted-region and billing-mismatch answers show on the form, and a saved address returns to
 * Payment details with its toast.
 */
export function EditBillingAddressPage() {
  const { t } = useTranslation();
  const { to } = useLocale();
  const navigate = useNavigate();
  const toast = useToast();
  const read = usePaymentMethod();
  const update = useUpdateBillingAddress();
  const [mismatch, setMismatch] = useState<Partial<Problem> | undefined>();
  return (
    <AccountPage title={t('account.paymentMethod.editAddressTitle')} read={read}>
      {(data) =>
        // account §6: nothing of the payment content for a customer who is not enabled.
        !data.isCustomerEnabled ? null : (
          <>
            <AddressForm
              idPrefix="account-billing"
              initial={data.billingAddress}
              submitLabel={t('account.paymentMethod.saveAddress')}
              onSubmit={async (address) => {
                try {
                  await update(address);
                } catch (error) {
                  // account §8: the billing mismatch opens its modal; any other problem shows on the form.
                  if (!(error instanceof ApiError) || error.problem?.paymentErrorKind !== 'billing_address_missmatch')
                    throw error;
                  setMismatch(error.problem);
                  return;
                }
                toast.show(
                  data.billingAddress
                    ? t('account.paymentMethod.toast.addressUpdated')
                    : t('account.paymentMethod.toast.addressAdded'),
                  'success',
                );
                await navigate(to(PAGE));
              }}
            />
            <p>
              <Link to={to(PAGE)}>{t('account.paymentMethod.back')}</Link>
            </p>
            <PaymentErrorDialog
              problem={mismatch}
              onClose={() => {
                setMismatch(undefined);
                // account §8: closing the billing mismatch modal reloads my-payment-method.
                void read.mutate();
                void navigate(to(PAGE));
              }}
            />
          </>
        )
      }
    </AccountPage>
  );
}
