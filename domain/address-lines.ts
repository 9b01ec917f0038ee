/**
 * How a region writes an address (account §2 Order detail). A module of its own, without the address
 * form's schema (the contract's zod schemas): the order detail shows addresses, it edits none
 * (issue 35: evaluating the schemas with the account's pages was part of their longest task).
 */

/**
 * The lines after the street of an address in the order its region writes them (account §2 Order
 * detail: city, postal code and state in an order that depends on region): US and CA "City, ST 12345";
 * the UK and Ireland the town, then the postcode on a line of its own; elsewhere "12345 City".
 */
export function localityLines(address: {
  countryCode: string;
  city: string;
  postalCode: string;
  stateCode?: string | null;
}): string[] {
  const country = address.countryCode.toUpperCase();
  if (country === 'US' || country === 'CA') {
    return [`${address.city}, ${[address.stateCode, address.postalCode].filter(Boolean).join(' ')}`];
  }
  if (country === 'GB' || country === 'IE') return [address.city, address.postalCode].filter(Boolean);
  return [[address.postalCode, address.city].filter(Boolean).join(' ')];
}
