/**
 * Loqate address capture (openapi/upstream/loqate.yaml): Find v1.10 and Retrieve v1.2 over the
 * seeded addresses of ./addresses.ts. Like the real service, failures of the request answer HTTP
 * 200 with a single error item; a body that cannot be parsed answers 400 and an unexpected
 * failure 500, both with the same error-items body. Parameters come from a form-encoded (or JSON)
 * body and from the query string, so GET works as well as POST. The "unavailable" state is the
 * core's fault injection: `PUT /__sandbox/faults/loqate {"status":500}` (or `{"drop":true}`).
 */
import express, { type NextFunction, type Request, type Response } from 'express';
import type { components } from '../../../../../generated/loqate/types.ts';
import type { UpstreamModule } from '../../app.ts';
import { CREDENTIALS } from '../../seed.ts';
import {
  ADDRESSES,
  addressLines,
  CONTAINERS,
  COUNTRIES,
  localityLine,
  toRetrieveItem,
  type SeedAddress,
  type SeedContainer,
} from './addresses.ts';

type ErrorItem = components['schemas']['ErrorItem'];
type FindItem = components['schemas']['FindItem'];
type FindResponse = components['schemas']['FindResponse'];
type RetrieveResponse = components['schemas']['RetrieveResponse'];
type ErrorItems = components['schemas']['ErrorItems'];

const FIND_PATH = '/Capture/Interactive/Find/v1.10/json3.ws';
const RETRIEVE_PATH = '/Capture/Interactive/Retrieve/v1.2/json3.ws';
const MAX_TEXT_LENGTH = 200;

export const ERRORS = {
  unknown: {
    Error: '-1',
    Description: 'Unknown error',
    Cause: 'The cause of the error is unknown but details have been passed to our support staff who will investigate.',
    Resolution: 'These problems are typically short lived and are often resolved by trying again in a few minutes.',
  },
  unknownKey: {
    Error: '2',
    Description: 'Unknown key',
    Cause: 'The key you are using to access the service was not found.',
    Resolution: 'Please check that the key is correct. It should be in the form AA11-AA11-AA11-AA11.',
  },
  countriesInvalid: {
    Error: '1001',
    Description: 'Countries Invalid',
    Cause: 'The Countries parameter was not recognised.',
    Resolution: 'Supply ISO 2 or ISO 3 country codes separated by commas.',
  },
  limitInvalid: {
    Error: '1002',
    Description: 'Limit Invalid',
    Cause: 'The Limit parameter must be a whole number between 1 and 100.',
    Resolution: 'Supply a Limit between 1 and 100.',
  },
  textInvalid: {
    Error: '1003',
    Description: 'Text Invalid',
    Cause: `The Text parameter is missing or longer than ${MAX_TEXT_LENGTH} characters.`,
    Resolution: `Supply the search text (up to ${MAX_TEXT_LENGTH} characters), or a Container from a previous Find.`,
  },
  containerInvalid: {
    Error: '1004',
    Description: 'Container Invalid',
    Cause: 'The Container parameter was not the Id of a container from a previous Find.',
    Resolution: 'Use only container Ids returned by the Find service.',
  },
  originInvalid: {
    Error: '1005',
    Description: 'Origin Invalid',
    Cause: 'The Origin parameter was not recognised.',
    Resolution: 'Supply an ISO 2 or ISO 3 country code, coordinates (latitude,longitude) or an IP address.',
  },
  languageInvalid: {
    Error: '1006',
    Description: 'Language Invalid',
    Cause: 'The Language parameter was not recognised.',
    Resolution: 'Supply a 2 or 4 character language code, such as en or en-gb.',
  },
  biasInvalid: {
    Error: '1007',
    Description: 'Bias Invalid',
    Cause: 'The Bias parameter must be true or false.',
    Resolution: 'Supply true or false.',
  },
  filtersInvalid: {
    Error: '1008',
    Description: 'Filters Invalid',
    Cause: 'The Filters parameter was not recognised.',
    Resolution: 'Supply key:value pairs separated by &, such as PostalCode:NW1.',
  },
  idInvalid: {
    Error: '1001',
    Description: 'Id Invalid',
    Cause: 'The Id parameter supplied was invalid.',
    Resolution: 'Try again, using only IDs from the Find services.',
  },
} satisfies Record<string, ErrorItem>;

const ISO3_TO_ISO2 = Object.fromEntries(Object.entries(COUNTRIES).map(([iso2, c]) => [c.iso3, iso2]));

/** Lower case without diacritics, so "munchen" finds München; the length of precomposed text is kept. */
function fold(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
}

function tokens(text: string): string[] {
  return fold(text)
    .split(/[\s,]+/)
    .filter(Boolean);
}

function haystack(parts: string[]): string {
  return fold(parts.join(' '));
}

/** Every token of the text occurs in the haystack (or the whole text without spaces does, for postcodes). */
function matches(text: string, hay: string): boolean {
  const wanted = tokens(text);
  if (wanted.length === 0) return false;
  if (wanted.every((token) => hay.includes(token))) return true;
  const compact = wanted.join('');
  return compact.length >= 3 && hay.replace(/\s+/g, '').includes(compact);
}

/** Character ranges of `text` where the searched tokens occur, such as `0-4,5-10`. */
function highlight(text: string, search: string): string {
  const folded = fold(text);
  const ranges: Array<[number, number]> = [];
  for (const token of tokens(search)) {
    const at = folded.indexOf(token);
    if (at >= 0) ranges.push([at, at + token.length]);
  }
  ranges.sort((x, y) => x[0] - y[0]);
  return ranges.map(([start, end]) => `${start}-${end}`).join(',');
}

function addressText(address: SeedAddress): string {
  return addressLines(address).join(', ');
}

function addressItem(address: SeedAddress, search: string): FindItem {
  const text = addressText(address);
  return {
    Id: address.id,
    Type: 'Address',
    Text: text,
    Highlight: search ? highlight(text, search) : '',
    Description: localityLine(address),
  };
}

function containerItem(container: SeedContainer, search: string): FindItem {
  const count = container.addressIds.length;
  return {
    Id: container.id,
    Type: container.type,
    Text: container.text,
    Highlight: search ? highlight(container.text, search) : '',
    Description: `${container.locality} - ${count} ${count === 1 ? 'Address' : 'Addresses'}`,
  };
}

type Params = Record<string, string | undefined>;

/** Query string and body merged (body wins), values as strings; a repeated field keeps its first value. */
function params(req: Request): Params {
  const merged: Params = {};
  const sources = [req.query as Record<string, unknown>, (req.body ?? {}) as Record<string, unknown>];
  for (const source of sources) {
    if (source === null || typeof source !== 'object') continue;
    for (const [key, value] of Object.entries(source)) {
      const first = Array.isArray(value) ? value[0] : value;
      if (first === undefined || first === null) continue;
      merged[key] = typeof first === 'object' ? JSON.stringify(first) : String(first);
    }
  }
  return merged;
}

function parseCountries(value: string | undefined): Set<string> | null | undefined {
  if (value === undefined || value.trim() === '') return undefined;
  const codes = value.split(',').map((code) => code.trim().toUpperCase());
  const set = new Set<string>();
  for (const code of codes) {
    if (/^[A-Z]{2}$/.test(code)) set.add(code);
    else if (/^[A-Z]{3}$/.test(code)) set.add(ISO3_TO_ISO2[code] ?? code);
    else return null;
  }
  return set;
}

function parseLimit(value: string | undefined): number | null {
  if (value === undefined || value.trim() === '') return 10;
  if (!/^\d+$/.test(value.trim())) return null;
  const limit = Number(value);
  return limit >= 1 && limit <= 100 ? limit : null;
}

const IP = /^(\d{1,3}\.){3}\d{1,3}$|^[0-9a-f:]+:[0-9a-f:]*$/i;
const COORDINATES = /^-?\d{1,2}(\.\d+)?,\s*-?\d{1,3}(\.\d+)?$/;

function validOrigin(value: string): boolean {
  return /^[A-Za-z]{2,3}$/.test(value) || COORDINATES.test(value) || IP.test(value);
}

/** `PostalCode:NW1&Locality:London` → filter pairs; null when malformed or unknown. */
function parseFilters(value: string | undefined): Array<[string, string]> | null | undefined {
  if (value === undefined || value.trim() === '') return undefined;
  const pairs: Array<[string, string]> = [];
  for (const part of value.split('&')) {
    const at = part.indexOf(':');
    if (at <= 0) return null;
    const key = part.slice(0, at).trim().toLowerCase();
    if (!['postalcode', 'locality', 'city'].includes(key)) return null;
    pairs.push([key, fold(part.slice(at + 1).trim())]);
  }
  return pairs;
}

function passesFilters(address: SeedAddress, filters: Array<[string, string]> | undefined): boolean {
  if (!filters) return true;
  return filters.every(([key, value]) =>
    key === 'postalcode'
      ? fold(address.postalCode).replace(/\s+/g, '').startsWith(value.replace(/\s+/g, ''))
      : fold(address.city).startsWith(value),
  );
}

const error = (item: ErrorItem): { Items: ErrorItem[] } => ({ Items: [item] });

function find(p: Params): FindResponse {
  if (p.Key !== CREDENTIALS.loqate.key) return error(ERRORS.unknownKey);
  const text = p.Text;
  if ((text === undefined && !p.Container) || (text !== undefined && text.length > MAX_TEXT_LENGTH))
    return error(ERRORS.textInvalid);
  const countries = parseCountries(p.Countries);
  if (countries === null) return error(ERRORS.countriesInvalid);
  const limit = parseLimit(p.Limit);
  if (limit === null) return error(ERRORS.limitInvalid);
  if (p.Origin !== undefined && p.Origin !== '' && !validOrigin(p.Origin)) return error(ERRORS.originInvalid);
  if (p.Language !== undefined && p.Language !== '' && !/^[a-z]{2}([-_][a-z]{2})?$/i.test(p.Language))
    return error(ERRORS.languageInvalid);
  if (p.Bias !== undefined && p.Bias !== '' && !['true', 'false'].includes(p.Bias.toLowerCase()))
    return error(ERRORS.biasInvalid);
  const filters = parseFilters(p.Filters);
  if (filters === null) return error(ERRORS.filtersInvalid);

  const search = text ?? '';
  const inCountry = (iso: string) => !countries || countries.has(iso);

  if (p.Container) {
    const container = CONTAINERS.find((c) => c.id === p.Container);
    if (!container) return error(ERRORS.containerInvalid);
    const items = container.addressIds
      .map((id) => ADDRESSES.find((address) => address.id === id)!)
      .filter((address) => inCountry(address.country) && passesFilters(address, filters))
      .filter((address) => !search.trim() || matches(search, addressHaystack(address)))
      .map((address) => addressItem(address, search));
    return { Items: items.slice(0, limit) };
  }

  if (!search.trim()) return { Items: [] };
  const addresses = ADDRESSES.filter(
    (address) =>
      inCountry(address.country) && passesFilters(address, filters) && matches(search, addressHaystack(address)),
  ).map((address) => addressItem(address, search));
  const containers = CONTAINERS.filter(
    (container) =>
      inCountry(container.country) && !filters && matches(search, haystack([container.text, container.locality])),
  ).map((container) => containerItem(container, search));
  return { Items: [...addresses, ...containers].slice(0, limit) };
}

function addressHaystack(address: SeedAddress): string {
  return haystack([
    ...addressLines(address),
    address.street,
    address.city,
    address.postalCode,
    address.provinceCode ?? '',
    address.provinceName ?? '',
  ]);
}

function retrieve(p: Params): RetrieveResponse {
  if (p.Key !== CREDENTIALS.loqate.key) return error(ERRORS.unknownKey);
  const address = p.Id ? ADDRESSES.find((candidate) => candidate.id === p.Id) : undefined;
  if (!address) return error(ERRORS.idInvalid);
  return { Items: [toRetrieveItem(address)] };
}

export const loqateModule: UpstreamModule = {
  upstream: 'loqate',
  errorBody: (status): ErrorItems => ({
    Items: [status >= 500 ? ERRORS.unknown : { ...ERRORS.unknown, Description: `Request failed (HTTP ${status})` }],
  }),
  router: () => {
    const router = express.Router();
    router.use(express.urlencoded({ extended: false }), express.json());
    router.all(FIND_PATH, (req, res, next) => {
      if (req.method !== 'GET' && req.method !== 'POST') return next();
      res.json(find(params(req)));
    });
    router.all(RETRIEVE_PATH, (req, res, next) => {
      if (req.method !== 'GET' && req.method !== 'POST') return next();
      res.json(retrieve(params(req)));
    });
    router.use((_req: Request, res: Response) => {
      res.status(400).json(error({ ...ERRORS.unknown, Description: 'Unknown service or method' }));
    });
    router.use((err: unknown, _req: Request, res: Response, _next: NextFunction) => {
      const status = (err as { status?: number }).status;
      if (status && status >= 400 && status < 500) {
        res.status(400).json(error({ ...ERRORS.unknown, Description: 'Malformed request', Cause: String(err) }));
        return;
      }
      res.status(500).json(error(ERRORS.unknown));
    });
    return router;
  },
};
