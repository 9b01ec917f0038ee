/**
 * The legal documents the shopper was shown, as each order records them for the order-management
 * system (storefront §3 Order c_SNP_OMS_privacyPolicyName, _privacyPolicyLink,
 * _termsAndConditionsName, _termsAndConditionsLink; docs/decisions/031): read from the footer's
 * links (the Footer_Links content asset, storefront §2 footer, §3 Content assets).
 *
 * - Terms and conditions: the link whose path is the product's terms URL (c_termConditionURL, by
 *   default /terms-conditions), with or without the locale the footer gives the shop's own links.
 * - Privacy policy: the first link whose address contains "privacy" (any case).
 *
 * A name is the link's text (tags dropped, character references decoded, spaces collapsed); a link
 * is absolute: the shop's own paths on its public origin under the shopper's locale, as the footer
 * showed them (client/src/components/ui/content-html.tsx), other sites' links as they are.
 *
 * A small scanner, not an HTML parser: content-library HTML is the merchant's, and only the anchors'
 * href and text are read. Nothing here runs or builds HTML.
 */
import { parseLocalePath } from './locales.ts';

export interface LegalLink {
  name: string;
  link: string;
}

export interface LegalLinks {
  privacy?: LegalLink;
  terms?: LegalLink;
}

/** Where the footer was shown: the shop's public origin and the shopper's locale. */
export interface ShownAt {
  origin: string;
  locale: string;
}

/** Footer bodies longer than this are not scanned (a content asset is a few kilobytes). */
const MAX_BODY = 100_000;

const HREF = /(?:^|\s)href\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'=<>`]+))/i;

/** The markup characters' names (HTML also takes them in capitals). */
const MARKUP: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

/** HTML's Latin-1 names, U+00A0 to U+00FF in order: the accented letters of the shop's languages. */
const LATIN_1 =
  'nbsp iexcl cent pound curren yen brvbar sect uml copy ordf laquo not shy reg macr deg plusmn sup2 sup3 acute ' +
  'micro para middot cedil sup1 ordm raquo frac14 frac12 frac34 iquest Agrave Aacute Acirc Atilde Auml Aring AElig ' +
  'Ccedil Egrave Eacute Ecirc Euml Igrave Iacute Icirc Iuml ETH Ntilde Ograve Oacute Ocirc Otilde Ouml times Oslash ' +
  'Ugrave Uacute Ucirc Uuml Yacute THORN szlig agrave aacute acirc atilde auml aring aelig ccedil egrave eacute ecirc ' +
  'euml igrave iacute icirc iuml eth ntilde ograve oacute ocirc otilde ouml divide oslash ugrave uacute ucirc uuml ' +
  'yacute thorn yuml';

/** Named references (case matters, as in HTML): the markup characters, Latin-1 and common punctuation. */
const NAMED: Record<string, string> = {
  ...MARKUP,
  ...Object.fromEntries(LATIN_1.split(' ').map((name, i) => [name, String.fromCodePoint(0xa0 + i)])),
  ndash: '\u2013',
  mdash: '\u2014',
  lsquo: '\u2018',
  rsquo: '\u2019',
  ldquo: '\u201c',
  rdquo: '\u201d',
  hellip: '\u2026',
  euro: '\u20ac',
  trade: '\u2122',
};

/** Decodes the character references a link text or address may hold; an unknown one stays as written. */
export function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]{1,6}|#[0-9]{1,7}|[a-z][a-z0-9]{1,7});/gi, (whole, ref: string) => {
    if (ref[0] !== '#') return NAMED[ref] ?? MARKUP[ref.toLowerCase()] ?? whole;
    const code = ref[1] === 'x' || ref[1] === 'X' ? parseInt(ref.slice(2), 16) : parseInt(ref.slice(1), 10);
    return code > 0 && code <= 0x10ffff && !(code >= 0xd800 && code <= 0xdfff) ? String.fromCodePoint(code) : whole;
  });
}

/**
 * The anchors of an HTML body: each one's address (decoded) and text. One pass with indexOf, so the
 * work grows with the body's length whatever it holds (no regular expression backtracks over it).
 */
export function anchorsOf(html: string): Array<{ href: string; text: string }> {
  const body = html.length > MAX_BODY ? html.slice(0, MAX_BODY) : html;
  const lower = body.toLowerCase();
  const anchors: Array<{ href: string; text: string }> = [];
  let at = 0;
  for (;;) {
    const open = lower.indexOf('<a', at);
    if (open < 0) break;
    const next = lower[open + 2];
    // `<abbr>`, `<area>`: not an anchor.
    if (next !== undefined && !/[\s>]/.test(next)) {
      at = open + 2;
      continue;
    }
    const tagEnd = lower.indexOf('>', open);
    const close = tagEnd < 0 ? -1 : lower.indexOf('</a', tagEnd);
    if (close < 0) break;
    at = close + 3;
    const href = HREF.exec(body.slice(open + 2, tagEnd));
    const value = href ? (href[1] ?? href[2] ?? href[3] ?? '') : '';
    if (!value.trim()) continue;
    const text = decodeEntities(body.slice(tagEnd + 1, close).replace(/<[^>]*>/g, ''))
      .replace(/\s+/g, ' ')
      .trim();
    anchors.push({ href: decodeEntities(value.trim()), text });
  }
  return anchors;
}

/** The address resolved on the shop's origin; undefined when it is no http(s) address. */
function resolve(href: string, origin: string): URL | undefined {
  try {
    const url = new URL(href, `${origin}/`);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url : undefined;
  } catch {
    return undefined;
  }
}

/** The path without the locale segment the footer gives the shop's own links (`/en-GB/terms` → `/terms`). */
const withoutLocale = (path: string) => parseLocalePath(path).rest;

/** A link as the shopper followed it: absolute, the shop's own paths under the shopper's locale. */
function absolute(href: string, url: URL, at: ShownAt): string {
  const own = href.startsWith('/') && !href.startsWith('//');
  if (!own || parseLocalePath(url.pathname).prefix) return url.href;
  return new URL(`/${at.locale}${url.pathname}${url.search}${url.hash}`, `${at.origin}/`).href;
}

/**
 * The privacy policy and the terms and conditions among the footer's links; either is absent when
 * no link of the footer is it (or it has no text).
 */
export function legalLinksOf(footerHtml: string, termsUrl: string, at: ShownAt): LegalLinks {
  const terms = resolve(termsUrl, at.origin);
  const links: LegalLinks = {};
  for (const { href, text } of anchorsOf(footerHtml)) {
    const url = resolve(href, at.origin);
    if (!url || !text) continue;
    const isTerms =
      terms !== undefined &&
      url.host === terms.host &&
      withoutLocale(url.pathname).replace(/\/$/, '') === withoutLocale(terms.pathname).replace(/\/$/, '');
    if (isTerms && !links.terms) links.terms = { name: text, link: absolute(href, url, at) };
    else if (!isTerms && !links.privacy && /privacy/i.test(href)) {
      links.privacy = { name: text, link: absolute(href, url, at) };
    }
  }
  return links;
}
