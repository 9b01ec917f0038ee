import { useId, useState } from 'react';
import { useTranslation } from '../../../lib/i18n-react.tsx';
import { ApiError } from '../../../lib/api/client.ts';
import { problemText } from '../../../lib/problem-text.ts';
import type { Basket } from '../api/get-checkout-state.ts';
import { useSetBillingAddress } from '../api/set-billing-address.ts';
import type { Address } from '../api/set-shipping-address.ts';
import { AddressForm } from '../../../components/address/address-form.tsx';
import { AddressLines } from './address-lines.tsx';

/** Step 4: the billing address, the shipping address by default. */
export function BillingStep({ basket }: { basket: Basket }) {
  const { t } = useTranslation();
  const id = useId();
  const setBillingAddress = useSetBillingAddress();
  const [same, setSame] = useState(
    basket.billingAddress === null || sameAddress(basket.billingAddress, basket.shippingAddress),
  );
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState<string | undefined>();
  const submitSame = async () => {
    if (!basket.shippingAddress) return;
    setBusy(true);
    setFailed(undefined);
    try {
      await setBillingAddress(basket.shippingAddress);
    } catch (error) {
      setFailed(problemText(t, error instanceof ApiError ? error.problem : undefined, 'checkout.unexpectedError'));
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="billing-step">
      <div className="checkbox">
        <input id={`${id}-same`} type="checkbox" checked={same} onChange={(e) => setSame(e.target.checked)} />
        <label htmlFor={`${id}-same`}>{t('checkout.billing.sameAsShipping')}</label>
      </div>
      {same ? (
        <>
          {basket.shippingAddress ? <AddressLines address={basket.shippingAddress} /> : null}
          {failed ? (
            <p className="field__error" role="alert">
              {failed}
            </p>
          ) : null}
          <button type="button" className="button button--primary" disabled={busy} onClick={() => void submitSame()}>
            {t('checkout.continue')}
          </button>
        </>
      ) : (
        <AddressForm
          idPrefix="billing"
          initial={
            basket.billingAddress && !sameAddress(basket.billingAddress, basket.shippingAddress)
              ? basket.billingAddress
              : null
          }
          submitLabel={t('checkout.continue')}
          onSubmit={async (address) => void (await setBillingAddress(address))}
        />
      )}
    </div>
  );
}

function sameAddress(a: Address | null, b: Address | null): boolean {
  if (!a || !b) return false;
  return (
    ['firstName', 'lastName', 'countryCode', 'address1', 'address2', 'city', 'stateCode', 'postalCode'] as const
  ).every((key) => (a[key] ?? '') === (b[key] ?? ''));
}
