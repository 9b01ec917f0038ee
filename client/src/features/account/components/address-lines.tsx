import { localityLines } from '../../../../../domain/address-lines.ts';
import type { components } from '../../../lib/api/client.ts';

/** An address line by line, the locality in the region's order (account §2 Order detail), and the country's name if given. */
export function AddressLines({ address, country }: { address: components['schemas']['Address']; country?: string }) {
  const lines = [
    `${address.firstName} ${address.lastName}`.trim(),
    address.address1,
    address.address2 ?? '',
    ...localityLines(address),
    country ?? '',
  ].filter(Boolean);
  return (
    <address>
      {lines.map((line, index) => (
        <span key={index} className="order__address-line">
          {line}
        </span>
      ))}
    </address>
  );
}
