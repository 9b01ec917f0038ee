import { describe, expect, it } from 'vitest';
import { localityLines } from './address-lines.ts';

describe('locality lines by region (account §2 Order detail)', () => {
  it.each([
    [{ countryCode: 'US', city: 'Detroit', postalCode: '48226', stateCode: 'MI' }, ['Detroit, MI 48226']],
    [{ countryCode: 'CA', city: 'Toronto', postalCode: 'M5V 2T6', stateCode: 'ON' }, ['Toronto, ON M5V 2T6']],
    [{ countryCode: 'GB', city: 'London', postalCode: 'SW1A 2AA' }, ['London', 'SW1A 2AA']],
    [{ countryCode: 'FR', city: 'Paris', postalCode: '75004' }, ['75004 Paris']],
    [{ countryCode: 'DE', city: 'Berlin', postalCode: '10115', stateCode: null }, ['10115 Berlin']],
  ])('%o → %o', (address, lines) => expect(localityLines(address)).toEqual(lines));
});
