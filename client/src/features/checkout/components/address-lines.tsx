import type { Address } from '../api/set-shipping-address.ts';

/** An address as the checkout's step summaries show it. */
export function AddressLines({ address }: { address: Address }) {
  return (
    <address className="address-lines">
      {address.firstName} {address.lastName}
      <br />
      {address.address1}
      {address.address2 ? (
        <>
          <br />
          {address.address2}
        </>
      ) : null}
      <br />
      {address.postalCode} {address.city}
      {address.stateCode ? ` ${address.stateCode}` : ''}, {address.countryCode}
    </address>
  );
}
