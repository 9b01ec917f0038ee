// What an error report may carry (issue 15: error reporting "with no personal data (no e-mail, name, VIN,
// card or address in events; scrubbed before sending)"). One scrubber for both sides: the browser's and the
// proxy's Sentry SDKs run it in beforeSend and beforeBreadcrumb, and the proxy's tunnel runs it again on
// every envelope the browser sends. Events are plain JSON here (Sentry's event payload), so nothing below
// knows the SDK.

import { isLuhnValid } from './card-number.ts';

/**
 * The Sentry SDKs' data collection, the browser's and the proxy's alike (SDK 11's \`dataCollection\`,
 * which replaced \`sendDefaultPii\`): no user, cookies, headers, bodies, query strings or local variables.
 */
export const SENTRY_DATA_COLLECTION = {
  userInfo: false,
  cookies: false,
  httpHeaders: false,
  httpBodies: [] as never[],
  urlQueryParams: false,
  stackFrameVariables: false,
};

/** What a value under a personal key becomes. */
export const FILTERED = '[Filtered]';

/** The request headers an event keeps (the rest may carry cookies, tokens or the shopper's address). */
export const SAFE_HEADERS: readonly string[] = [
  'accept',
  'accept-language',
  'content-length',
  'content-type',
  'user-agent',
  'x-request-id',
];

// An e-mail address, plain or percent-encoded (`%40`) as in a query string.
const EMAIL = /[\p{L}\p{N}._%+-]+(?:@|%40)[\p{L}\p{N}-]+(?:\.[\p{L}\p{N}-]+)*\.\p{L}{2,}/giu;
// An IBAN: country, check digits, then 11 to 30 letters or digits, printed in groups of four or not at all.
const IBAN = /\b[A-Z]{2}\d{2}(?: ?[A-Z0-9]{1,4}){3,8}\b/g;
// A card number: 13 to 19 digits, in groups separated by spaces or hyphens or not at all (checked by Luhn).
const CARD = /\b\d(?:[ -]?\d){12,18}\b/g;
// A VIN (ISO 3779): 17 letters and digits without I, O and Q, with at least one of each.
const VIN = /\b(?=[A-HJ-NPR-Z0-9]{0,16}\d)(?=[A-HJ-NPR-Z0-9]{0,16}[A-HJ-NPR-Z])[A-HJ-NPR-Z0-9]{17}\b/gi;
// A query string after a URL or a path: it may carry a VIN, an encrypted VIN or a mail token (storefront §2).
const QUERY = /((?:https?:\/\/|\/)[^\s?"'<>]*)\?[^\s"'<>]*/g;

/** ISO 13616's check: the IBAN, its first four characters moved to the end, letters as numbers, mod 97 is 1. */
function isIbanValid(compact: string): boolean {
  if (compact.length < 15 || compact.length > 34) return false;
  const digits = (compact.slice(4) + compact.slice(0, 4)).replace(/[A-Z]/g, (c) => String(c.charCodeAt(0) - 55));
  let rest = 0;
  for (const digit of digits) rest = (rest * 10 + Number(digit)) % 97;
  return rest === 1;
}

/** The longest run of the matched groups that is a valid IBAN, the groups after it left as they were. */
function replaceIban(match: string): string {
  const groups = match.split(' ');
  for (let count = groups.length; count > 0; count -= 1) {
    if (isIbanValid(groups.slice(0, count).join(''))) {
      return ['[iban]', ...groups.slice(count)].join(' ');
    }
  }
  return match;
}

/** A text with every e-mail address, IBAN, card number and VIN replaced, and no query string on a URL. */
export function scrubText(text: string): string {
  return text
    .replace(QUERY, '$1')
    .replace(EMAIL, '[email]')
    .replace(IBAN, replaceIban)
    .replace(CARD, (match) => (isLuhnValid(match.replace(/[ -]/g, '')) ? '[card]' : match))
    .replace(VIN, '[vin]');
}

/** Keys (lower case, without `-` and `_`) whose values are personal wherever they appear. */
const PERSONAL_KEYS = new Set([
  'name',
  'givenname',
  'familyname',
  'middlename',
  'surname',
  'username',
  'holdername',
  'cardholdername',
  'mail',
  'phone',
  'mobile',
  'street',
  'city',
  'postalcode',
  'postcode',
  'zip',
  'zipcode',
  'vin',
  'carvin',
  'evn',
  'cryptedvin',
  'encryptedvin',
  'usermailtoken',
  'card',
  'pan',
  'cvc',
  'cvv',
  'ip',
  'did',
  'user',
  'body',
  'querystring',
  'query',
]);

/** Parts of keys that make a value personal (`billingAddress`, `csrfToken`, `firstName`, `cardNumber`, ...). */
const PERSONAL_KEY_PARTS = [
  'email',
  'address',
  'firstname',
  'lastname',
  'fullname',
  'token',
  'password',
  'secret',
  'cookie',
  'authorization',
  'iban',
  'cardnumber',
];

/** Keys whose value goes without a trace: a stack frame's local variables. */
const DROPPED_KEYS = new Set(['vars']);

const normalKey = (key: string): string => key.toLowerCase().replace(/[-_]/g, '');

export function isPersonalKey(key: string): boolean {
  const normal = normalKey(key);
  return PERSONAL_KEYS.has(normal) || PERSONAL_KEY_PARTS.some((part) => normal.includes(part));
}

/** Keys the caller lets through although they are on the personal list (the SDK's own `name`s). */
type Allowed = ReadonlySet<string>;
const NONE: Allowed = new Set();
const SDK_NAMES: Allowed = new Set(['name']);
/** Contexts whose `name` is software, not a person: the browser, the operating system, the runtime. */
const SOFTWARE_CONTEXTS = new Set(['browser', 'os', 'client_os', 'runtime']);
const MAX_DEPTH = 200;

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * Any JSON value with every personal key's value replaced by [Filtered] (`body` and `query` included:
 * bodies and query objects go whole), stack-frame variables dropped, and every string scrubbed (scrubText).
 */
export function scrubValue(value: unknown, allowed: Allowed = NONE, depth = 0): unknown {
  if (typeof value === 'string') return scrubText(value);
  if (depth > MAX_DEPTH) return FILTERED;
  if (Array.isArray(value)) return value.map((item) => scrubValue(item, allowed, depth + 1));
  if (!isRecord(value)) return value;
  const out: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) {
    if (DROPPED_KEYS.has(key)) continue;
    out[key] = isPersonalKey(key) && !allowed.has(key) ? FILTERED : scrubValue(item, allowed, depth + 1);
  }
  return out;
}

/** An event's request: method, URL without its query, the safe headers; no body, cookies, query or environment. */
function scrubRequest(request: unknown): Record<string, unknown> | undefined {
  if (!isRecord(request)) return undefined;
  const out: Record<string, unknown> = {};
  if (typeof request.method === 'string') out.method = request.method;
  if (typeof request.url === 'string') out.url = scrubText(request.url.split('?')[0]!);
  if (isRecord(request.headers)) {
    const headers: Record<string, unknown> = {};
    for (const [name, value] of Object.entries(request.headers)) {
      if (SAFE_HEADERS.includes(name.toLowerCase()) && typeof value === 'string') headers[name] = scrubText(value);
    }
    out.headers = headers;
  }
  return out;
}

/** A breadcrumb (an API call, a click, a console line, a navigation) scrubbed like any value. */
export function scrubBreadcrumb<T extends object>(breadcrumb: T): T {
  return scrubValue(breadcrumb) as T;
}

function scrubContexts(contexts: unknown): unknown {
  if (!isRecord(contexts)) return scrubValue(contexts);
  const out: Record<string, unknown> = {};
  for (const [name, context] of Object.entries(contexts)) {
    out[name] = scrubValue(context, SOFTWARE_CONTEXTS.has(name) ? SDK_NAMES : NONE);
  }
  return out;
}

/**
 * A Sentry event (an error, a replay's event, a session) fit to leave: no `user`, the request reduced
 * (scrubRequest), breadcrumbs scrubbed, the SDK's and software contexts' names kept, and everything else
 * scrubbed as a value.
 */
export function scrubEvent<T extends object>(event: T): T {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(event)) {
    if (key === 'user') continue;
    if (key === 'request') out.request = scrubRequest(value);
    else if (key === 'breadcrumbs') {
      const list = Array.isArray(value) ? value : isRecord(value) ? value.values : undefined;
      const scrubbed = Array.isArray(list) ? list.filter(isRecord).map((b) => scrubBreadcrumb(b)) : [];
      out.breadcrumbs = Array.isArray(value) ? scrubbed : { values: scrubbed };
    } else if (key === 'sdk') out.sdk = scrubValue(value, SDK_NAMES);
    else if (key === 'contexts') out.contexts = scrubContexts(value);
    else out[key] = isPersonalKey(key) ? FILTERED : scrubValue(value);
  }
  return out as T;
}
