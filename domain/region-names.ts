import type { components } from '../generated/proxy/types.ts';

type CountryCode = components['schemas']['CountryCode'];

/**
 * Country names as CLDR writes them (Intl.DisplayNames, type region), for the countries of the
 * shop's addresses (the contract's CountryCode), without an Intl object in the browser: the first
 * Intl.DisplayNames a page makes loads the locale's region data, a long task of about 45 ms on this
 * machine's Chromium (x4 on a phone) in the middle of hydration (issue 35). region-names.test.ts
 * holds every shop locale and country to Intl's own output; any other country or locale goes to Intl.
 */
const COUNTRIES: readonly CountryCode[] = [
  'GB',
  'AT',
  'BE',
  'CZ',
  'FR',
  'DE',
  'IT',
  'LU',
  'NL',
  'PT',
  'ES',
  'BG',
  'HR',
  'CY',
  'DK',
  'EE',
  'FI',
  'GR',
  'IE',
  'LV',
  'LT',
  'MT',
  'PL',
  'RO',
  'SE',
  'SK',
  'SI',
  'HU',
  'US',
  'CA',
  'JE',
  'GG',
  'IM',
];

/**
 * By language, in COUNTRIES' order. COUNTRIES is the contract's CountryCode written out (its zod
 * enum would bring the zod chunk into every page that names a country); region-names.test.ts holds
 * the two equal.
 */
const NAMES: Record<string, string> = {
  en: 'United Kingdom|Austria|Belgium|Czechia|France|Germany|Italy|Luxembourg|Netherlands|Portugal|Spain|Bulgaria|Croatia|Cyprus|Denmark|Estonia|Finland|Greece|Ireland|Latvia|Lithuania|Malta|Poland|Romania|Sweden|Slovakia|Slovenia|Hungary|United States|Canada|Jersey|Guernsey|Isle of Man',
  fr: 'Royaume-Uni|Autriche|Belgique|Tchéquie|France|Allemagne|Italie|Luxembourg|Pays-Bas|Portugal|Espagne|Bulgarie|Croatie|Chypre|Danemark|Estonie|Finlande|Grèce|Irlande|Lettonie|Lituanie|Malte|Pologne|Roumanie|Suède|Slovaquie|Slovénie|Hongrie|États-Unis|Canada|Jersey|Guernesey|Île de Man',
  de: 'Vereinigtes Königreich|Österreich|Belgien|Tschechien|Frankreich|Deutschland|Italien|Luxemburg|Niederlande|Portugal|Spanien|Bulgarien|Kroatien|Zypern|Dänemark|Estland|Finnland|Griechenland|Irland|Lettland|Litauen|Malta|Polen|Rumänien|Schweden|Slowakei|Slowenien|Ungarn|Vereinigte Staaten|Kanada|Jersey|Guernsey|Isle of Man',
  nl: 'Verenigd Koninkrijk|Oostenrijk|België|Tsjechië|Frankrijk|Duitsland|Italië|Luxemburg|Nederland|Portugal|Spanje|Bulgarije|Kroatië|Cyprus|Denemarken|Estland|Finland|Griekenland|Ierland|Letland|Litouwen|Malta|Polen|Roemenië|Zweden|Slowakije|Slovenië|Hongarije|Verenigde Staten|Canada|Jersey|Guernsey|Isle of Man',
  it: 'Regno Unito|Austria|Belgio|Cechia|Francia|Germania|Italia|Lussemburgo|Paesi Bassi|Portogallo|Spagna|Bulgaria|Croazia|Cipro|Danimarca|Estonia|Finlandia|Grecia|Irlanda|Lettonia|Lituania|Malta|Polonia|Romania|Svezia|Slovacchia|Slovenia|Ungheria|Stati Uniti|Canada|Jersey|Guernsey|Isola di Man',
  es: 'Reino Unido|Austria|Bélgica|Chequia|Francia|Alemania|Italia|Luxemburgo|Países Bajos|Portugal|España|Bulgaria|Croacia|Chipre|Dinamarca|Estonia|Finlandia|Grecia|Irlanda|Letonia|Lituania|Malta|Polonia|Rumanía|Suecia|Eslovaquia|Eslovenia|Hungría|Estados Unidos|Canadá|Jersey|Guernesey|Isla de Man',
  pt: 'Reino Unido|Áustria|Bélgica|Chéquia|França|Alemanha|Itália|Luxemburgo|Países Baixos|Portugal|Espanha|Bulgária|Croácia|Chipre|Dinamarca|Estónia|Finlândia|Grécia|Irlanda|Letónia|Lituânia|Malta|Polónia|Roménia|Suécia|Eslováquia|Eslovénia|Hungria|Estados Unidos|Canadá|Jersey|Guernesey|Ilha de Man',
  cs: 'Spojené království|Rakousko|Belgie|Česko|Francie|Německo|Itálie|Lucembursko|Nizozemsko|Portugalsko|Španělsko|Bulharsko|Chorvatsko|Kypr|Dánsko|Estonsko|Finsko|Řecko|Irsko|Lotyšsko|Litva|Malta|Polsko|Rumunsko|Švédsko|Slovensko|Slovinsko|Maďarsko|Spojené státy|Kanada|Jersey|Guernsey|Ostrov Man',
};

/**
 * Where a locale writes a name unlike its language's table. The Portuguese table is Portugal's
 * (pt-PT); the language alone ("pt", the address form's) is Brazil's in CLDR.
 */
const LOCALE_NAMES: Record<string, Record<string, string>> = {
  'fr-CA': { IM: 'île de Man' },
  pt: { CZ: 'Tchéquia', EE: 'Estônia', LV: 'Letônia', PL: 'Polônia', RO: 'Romênia', SI: 'Eslovênia', GG: 'Guernsey' },
};

/** The countries the tables name (for the test that holds them to the contract). */
export const countriesNamed: readonly string[] = COUNTRIES;

const tables = new Map<string, Map<string, string>>();
function table(language: string): Map<string, string> | undefined {
  let names = tables.get(language);
  if (!names && NAMES[language]) {
    const list = NAMES[language]!.split('|');
    tables.set(language, (names = new Map(COUNTRIES.map((code, i) => [code, list[i]!]))));
  }
  return names;
}

const displayNames = new Map<string, Intl.DisplayNames>();

/** The country's name in the locale ("fr-FR", or a language: "fr"), or its code when none is known. */
export function regionName(code: string, locale: string): string {
  const shop = LOCALE_NAMES[locale]?.[code] ?? table(locale.split('-')[0]!)?.get(code);
  if (shop) return shop;
  try {
    let names = displayNames.get(locale);
    if (!names) displayNames.set(locale, (names = new Intl.DisplayNames([locale], { type: 'region' })));
    return names.of(code) ?? code;
  } catch {
    return code;
  }
}
