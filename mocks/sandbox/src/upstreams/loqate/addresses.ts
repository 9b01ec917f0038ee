/**
 * The Loqate sandbox's address data: 30 addresses over the shop's markets (GB, DE, FR, NL, BE,
 * IT, ES, PT, AT, CZ, US and CA) and the containers (postcodes, streets, buildings) whose
 * addresses a second Find lists. alex's billing address (10 Downing Street) is among them.
 */
import type { components } from '../../../../../generated/loqate/types.ts';

type RetrieveItem = components['schemas']['RetrieveItem'];

interface Country {
  name: string;
  iso3: string;
  isoNumber: number;
  language: string;
  /** How the street line reads: number first (`221b Baker Street`) or after (`Damrak 1`). */
  numberFirst: boolean;
}

export const COUNTRIES: Record<string, Country> = {
  GB: { name: 'United Kingdom', iso3: 'GBR', isoNumber: 826, language: 'ENG', numberFirst: true },
  DE: { name: 'Germany', iso3: 'DEU', isoNumber: 276, language: 'DEU', numberFirst: false },
  FR: { name: 'France', iso3: 'FRA', isoNumber: 250, language: 'FRA', numberFirst: true },
  NL: { name: 'Netherlands', iso3: 'NLD', isoNumber: 528, language: 'NLD', numberFirst: false },
  BE: { name: 'Belgium', iso3: 'BEL', isoNumber: 56, language: 'FRA', numberFirst: false },
  IT: { name: 'Italy', iso3: 'ITA', isoNumber: 380, language: 'ITA', numberFirst: false },
  ES: { name: 'Spain', iso3: 'ESP', isoNumber: 724, language: 'SPA', numberFirst: false },
  PT: { name: 'Portugal', iso3: 'PRT', isoNumber: 620, language: 'POR', numberFirst: false },
  AT: { name: 'Austria', iso3: 'AUT', isoNumber: 40, language: 'DEU', numberFirst: false },
  CZ: { name: 'Czech Republic', iso3: 'CZE', isoNumber: 203, language: 'CES', numberFirst: false },
  US: { name: 'United States', iso3: 'USA', isoNumber: 840, language: 'ENG', numberFirst: true },
  CA: { name: 'Canada', iso3: 'CAN', isoNumber: 124, language: 'ENG', numberFirst: true },
};

export interface SeedAddress {
  id: string;
  country: string;
  subBuilding?: string;
  buildingNumber?: string;
  buildingName?: string;
  company?: string;
  street: string;
  city: string;
  postalCode: string;
  adminAreaName?: string;
  provinceCode?: string;
  provinceName?: string;
  type?: 'Residential' | 'Commercial';
}

export interface SeedContainer {
  id: string;
  type: 'Postcode' | 'Street' | 'BuildingName' | 'BuildingNumber';
  text: string;
  /** Locality shown before the address count (`Baker Street, London`). */
  locality: string;
  country: string;
  addressIds: string[];
}

const a = (
  id: string,
  country: string,
  street: string,
  buildingNumber: string,
  city: string,
  postalCode: string,
  more: Partial<SeedAddress> = {},
): SeedAddress => ({ id, country, street, buildingNumber, city, postalCode, ...more });

export const ADDRESSES: SeedAddress[] = [
  // GB
  a('GB|RM|A|52509479', 'GB', 'Baker Street', '221b', 'London', 'NW1 6XE', { adminAreaName: 'Westminster' }),
  a('GB|RM|A|52509480', 'GB', 'Baker Street', '223', 'London', 'NW1 6XE', {
    subBuilding: 'Flat 1',
    adminAreaName: 'Westminster',
  }),
  a('GB|RM|A|52509481', 'GB', 'Baker Street', '223', 'London', 'NW1 6XE', {
    subBuilding: 'Flat 2',
    adminAreaName: 'Westminster',
  }),
  a('GB|RM|A|52509490', 'GB', 'Baker Street', '230', 'London', 'NW1 5RT', {
    buildingName: 'Baker Street Chambers',
    adminAreaName: 'Westminster',
    type: 'Commercial',
  }),
  a('GB|RM|A|52509500', 'GB', 'Downing Street', '10', 'London', 'SW1A 2AA', { adminAreaName: 'Westminster' }),
  a('GB|RM|A|52509510', 'GB', 'Station Road', '1', 'Cambridge', 'CB1 2JB', { adminAreaName: 'Cambridgeshire' }),
  // DE
  a('DE|DHL|A|10117-77', 'DE', 'Unter den Linden', '77', 'Berlin', '10117'),
  a('DE|DHL|A|10117-43', 'DE', 'Friedrichstraße', '43', 'Berlin', '10117'),
  a('DE|DHL|A|80331-8', 'DE', 'Marienplatz', '8', 'München', '80331', { adminAreaName: 'Bayern' }),
  // FR
  a('FR|LP|A|75004-10', 'FR', 'Rue de Rivoli', '10', 'Paris', '75004'),
  a('FR|LP|A|75008-25', 'FR', 'Avenue des Champs-Élysées', '25', 'Paris', '75008'),
  a('FR|LP|A|69002-3', 'FR', 'Place Bellecour', '3', 'Lyon', '69002'),
  // NL
  a('NL|PNL|A|1012LG-1', 'NL', 'Damrak', '1', 'Amsterdam', '1012 LG'),
  a('NL|PNL|A|1015CJ-123', 'NL', 'Keizersgracht', '123', 'Amsterdam', '1015 CJ'),
  // BE
  a('BE|BP|A|1000-16', 'BE', 'Rue de la Loi', '16', 'Bruxelles', '1000'),
  a('BE|BP|A|2000-50', 'BE', 'Meir', '50', 'Antwerpen', '2000'),
  // IT
  a('IT|PI|A|00186-100', 'IT', 'Via del Corso', '100', 'Roma', '00186', { provinceCode: 'RM', provinceName: 'Roma' }),
  a('IT|PI|A|20121-8', 'IT', 'Via Monte Napoleone', '8', 'Milano', '20121', {
    provinceCode: 'MI',
    provinceName: 'Milano',
  }),
  // ES
  a('ES|CO|A|28014-45', 'ES', 'Calle de Alcalá', '45', 'Madrid', '28014', { provinceName: 'Madrid' }),
  a('ES|CO|A|08008-92', 'ES', 'Passeig de Gràcia', '92', 'Barcelona', '08008', { provinceName: 'Barcelona' }),
  // PT
  a('PT|CTT|A|1100-053-100', 'PT', 'Rua Augusta', '100', 'Lisboa', '1100-053'),
  // AT
  a('AT|PA|A|1010-12', 'AT', 'Kärntner Straße', '12', 'Wien', '1010'),
  // CZ
  a('CZ|CP|A|11000-1', 'CZ', 'Václavské náměstí', '1', 'Praha', '110 00'),
  // US
  a('US|US|A|Z281946734|1200', 'US', 'Main St', '1200', 'Springfield', '62701-1234', {
    adminAreaName: 'Sangamon',
    provinceCode: 'IL',
    provinceName: 'Illinois',
  }),
  ...['1', '2', '3', '4', '5', '6'].map((apt) =>
    a(`US|US|A|Z281946801|1200|${apt}`, 'US', 'Main St', '1200', 'Kansas City', '64105', {
      subBuilding: `Apt ${apt}`,
      adminAreaName: 'Jackson',
      provinceCode: 'MO',
      provinceName: 'Missouri',
    }),
  ),
  a('US|US|A|Z350000118|350', 'US', '5th Ave', '350', 'New York', '10118', {
    adminAreaName: 'New York',
    provinceCode: 'NY',
    provinceName: 'New York',
    type: 'Commercial',
  }),
  // CA
  a('CA|CP|A|M5H2N2-100', 'CA', 'Queen St W', '100', 'Toronto', 'M5H 2N2', {
    provinceCode: 'ON',
    provinceName: 'Ontario',
  }),
  a('CA|CP|A|H3A3G4-1000', 'CA', 'Rue Sherbrooke O', '1000', 'Montréal', 'H3A 3G4', {
    provinceCode: 'QC',
    provinceName: 'Quebec',
  }),
];

export const CONTAINERS: SeedContainer[] = [
  {
    id: 'GB|RM|ENG|6XE-NW1',
    type: 'Postcode',
    text: 'NW1 6XE',
    locality: 'Baker Street, London',
    country: 'GB',
    addressIds: ['GB|RM|A|52509479', 'GB|RM|A|52509480', 'GB|RM|A|52509481'],
  },
  {
    id: 'GB|RM|ENG|BAKER-STREET-LONDON',
    type: 'Street',
    text: 'Baker Street',
    locality: 'London',
    country: 'GB',
    addressIds: ['GB|RM|A|52509479', 'GB|RM|A|52509480', 'GB|RM|A|52509481', 'GB|RM|A|52509490'],
  },
  {
    id: 'GB|RM|B|223-BAKER-STREET',
    type: 'BuildingNumber',
    text: '223 Baker Street',
    locality: 'London, NW1 6XE',
    country: 'GB',
    addressIds: ['GB|RM|A|52509480', 'GB|RM|A|52509481'],
  },
  {
    id: 'DE|DHL|ENG|10117',
    type: 'Postcode',
    text: '10117',
    locality: 'Berlin',
    country: 'DE',
    addressIds: ['DE|DHL|A|10117-77', 'DE|DHL|A|10117-43'],
  },
  {
    id: 'US|US|B|Z281946801|1200',
    type: 'BuildingNumber',
    text: '1200 Main St',
    locality: 'Kansas City MO 64105',
    country: 'US',
    addressIds: ['1', '2', '3', '4', '5', '6'].map((apt) => `US|US|A|Z281946801|1200|${apt}`),
  },
];

export function countryOf(iso: string): Country | undefined {
  return COUNTRIES[iso];
}

/** The street line: `221b Baker Street` where the number comes first, `Damrak 1` elsewhere. */
function streetLine(address: SeedAddress): string {
  const number = address.buildingNumber ?? '';
  if (!number) return address.street;
  return COUNTRIES[address.country]?.numberFirst ? `${number} ${address.street}` : `${address.street} ${number}`;
}

/** The address lines before the locality line. */
export function addressLines(address: SeedAddress): string[] {
  return [address.company, address.subBuilding, address.buildingName, streetLine(address)].filter(
    (line): line is string => Boolean(line),
  );
}

/** The locality line: `London, NW1 6XE`, `10117 Berlin`, `Springfield IL 62701-1234`. */
export function localityLine(address: SeedAddress): string {
  if (address.country === 'GB') return `${address.city}, ${address.postalCode}`;
  if (address.country === 'US' || address.country === 'CA')
    return `${address.city} ${address.provinceCode ?? ''} ${address.postalCode}`.replace(/\s+/g, ' ');
  return `${address.postalCode} ${address.city}`;
}

/** The full item of Retrieve v1.2, unused parts as empty strings. */
export function toRetrieveItem(address: SeedAddress): RetrieveItem {
  const country = COUNTRIES[address.country]!;
  const lines = addressLines(address);
  const label =
    address.country === 'GB'
      ? [...lines, address.city.toUpperCase(), address.postalCode, country.name.toUpperCase()]
      : [...lines, localityLine(address), country.name.toUpperCase()];
  return {
    Id: address.id,
    DomesticId: address.id.split('|').slice(3).join('|'),
    Language: country.language,
    LanguageAlternatives: country.language,
    Department: '',
    Company: address.company ?? '',
    SubBuilding: address.subBuilding ?? '',
    BuildingNumber: address.buildingNumber ?? '',
    BuildingName: address.buildingName ?? '',
    SecondaryStreet: '',
    Street: address.street,
    Block: '',
    Neighbourhood: '',
    District: '',
    City: address.city,
    Line1: lines[0] ?? '',
    Line2: lines[1] ?? '',
    Line3: lines[2] ?? '',
    Line4: lines[3] ?? '',
    Line5: '',
    AdminAreaName: address.adminAreaName ?? '',
    AdminAreaCode: '',
    Province: address.provinceCode ?? '',
    ProvinceName: address.provinceName ?? '',
    ProvinceCode: address.provinceCode ?? '',
    PostalCode: address.postalCode,
    CountryName: country.name,
    CountryIso2: address.country,
    CountryIso3: country.iso3,
    CountryIsoNumber: country.isoNumber,
    SortingNumber1: '',
    Barcode: '',
    POBoxNumber: '',
    Label: label.join('\n'),
    Type: address.type ?? 'Residential',
    DataLevel: 'Premise',
  };
}
