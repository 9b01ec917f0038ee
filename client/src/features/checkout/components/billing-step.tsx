import { useId, useState, type ComponentType } from 'react';
import { useTranslation } from '../../../lib/i18n-react.tsx';
import { ApiError } from '../../../lib/api/client.ts';
import { problemText } from '../../../lib/problem-text.ts';
import type { Basket } from '../api/get-checkout-state.ts';
import { useSetBillingAddress } from '../api/set-billing-address.ts';
import { useSavedAddresses, type SavedAddress } from '../api/list-saved-addresses.ts';
import type { Address } from '../api/set-shipping-address.ts';
import { AddressLines } from './address-lines.tsx';

/**
 * The address form the checkout page hands in (features/address; a feature does not import another,
 * the page composes them): the address to start from, the submit button's words, what submitting does.
 */
export type AddressFormSlot = ComponentType<{
  initial: Address | null;
  submitLabel: string;
  onSubmit: (address: Address) => Promise<void>;
  idPrefix: string;
}>;

/**
 * Step 4: the billing address, the shipping address by default. A registered customer is offered
 * their saved addresses (storefront §6); choosing one fills the form. A guest has none.
 */
export function BillingStep({ basket, AddressForm }: { basket: Basket; AddressForm: AddressFormSlot }) {
  const { t } = useTranslation();
  const id = useId();
  const setBillingAddress = useSetBillingAddress();
  const [same, setSame] = useState(
    basket.billingAddress === null || sameAddress(basket.billingAddress, basket.shippingAddress),
  );
  const [busy, setBusy] = useState(false);
  const saved = useSavedAddresses().data?.addresses ?? [];
  const [chosen, setChosen] = useState<string>(NEW_ADDRESS);
  const chosenAddress = saved.find((entry) => entry.addressId === chosen)?.address;
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
        <>
          {saved.length > 0 ? <SavedAddressChoice saved={saved} chosen={chosen} onChoose={setChosen} /> : null}
          <AddressForm
            key={chosen}
            idPrefix="billing"
            initial={
              chosenAddress ??
              (chosen === NEW_ADDRESS &&
              basket.billingAddress &&
              !sameAddress(basket.billingAddress, basket.shippingAddress)
                ? basket.billingAddress
                : null)
            }
            submitLabel={t('checkout.continue')}
            onSubmit={async (address) => void (await setBillingAddress(address))}
          />
        </>
      )}
    </div>
  );
}

const NEW_ADDRESS = '';

/** The saved addresses as a radio group, and a new address; the choice fills the form below. */
function SavedAddressChoice({
  saved,
  chosen,
  onChoose,
}: {
  saved: SavedAddress[];
  chosen: string;
  onChoose: (addressId: string) => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  const option = (value: string, label: string) => (
    <label className="choice" key={value}>
      <input
        type="radio"
        name={`${id}-saved-address`}
        value={value}
        checked={chosen === value}
        onChange={() => onChoose(value)}
      />
      {label}
    </label>
  );
  return (
    <fieldset className="choice-list">
      <legend>{t('checkout.billing.savedAddresses')}</legend>
      {saved.map(({ addressId, address }) => option(addressId, oneLine(address)))}
      {option(NEW_ADDRESS, t('checkout.billing.newAddress'))}
    </fieldset>
  );
}

/** A saved address on one line, as its radio's name. */
function oneLine(address: Address): string {
  const place = [address.postalCode, address.city, address.stateCode].filter(Boolean).join(' ');
  return [`${address.firstName} ${address.lastName}`, address.address1, address.address2, place, address.countryCode]
    .filter(Boolean)
    .join(', ');
}

function sameAddress(a: Address | null, b: Address | null): boolean {
  if (!a || !b) return false;
  return (
    ['firstName', 'lastName', 'countryCode', 'address1', 'address2', 'city', 'stateCode', 'postalCode'] as const
  ).every((key) => (a[key] ?? '') === (b[key] ?? ''));
}
