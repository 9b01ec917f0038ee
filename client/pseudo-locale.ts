/**
 * The en-XB pseudo-locale (storefront §9 "an en-XB pseudo-locale"), made from the English catalogue
 * at build time by the catalogue-parts plugin (so none of this is in the browser's JavaScript):
 * every text accented, lengthened by about a third and bracketed, so text that missed the
 * catalogues (plain English) and text that overflows its place both show on the page.
 * `{{placeholders}}`, `$t(nested)` keys, ICU arguments (`{n}`, `{n, plural, one {…} other {…}}`:
 * only the sub-messages change), markup (`<b>`, `&amp;`) and the keys themselves stay intact.
 */

const ACCENTED: Readonly<Record<string, string>> = {
  a: 'á',
  b: 'ƀ',
  c: 'ç',
  d: 'ð',
  e: 'é',
  f: 'ƒ',
  g: 'ĝ',
  h: 'ĥ',
  i: 'î',
  j: 'ĵ',
  k: 'ķ',
  l: 'ļ',
  m: 'ɱ',
  n: 'ñ',
  o: 'ö',
  p: 'þ',
  q: 'ǫ',
  r: 'ŕ',
  s: 'š',
  t: 'ţ',
  u: 'û',
  v: 'ṽ',
  w: 'ŵ',
  x: 'ẋ',
  y: 'ý',
  z: 'ž',
  A: 'Å',
  B: 'Ɓ',
  C: 'Ç',
  D: 'Ð',
  E: 'É',
  F: 'Ƒ',
  G: 'Ĝ',
  H: 'Ĥ',
  I: 'Î',
  J: 'Ĵ',
  K: 'Ķ',
  L: 'Ļ',
  M: 'Ṁ',
  N: 'Ñ',
  O: 'Ö',
  P: 'Þ',
  Q: 'Ǫ',
  R: 'Ŕ',
  S: 'Š',
  T: 'Ţ',
  U: 'Û',
  V: 'Ṽ',
  W: 'Ŵ',
  X: 'Ẋ',
  Y: 'Ý',
  Z: 'Ž',
};

/** How much longer a pseudo text is than its English (German and French run 30–40 % longer). */
export const PSEUDO_EXPANSION = 0.35;
export const PSEUDO_START = '[';
export const PSEUDO_END = ']';
const PAD = '~';

/** Spans copied as they are: i18next placeholders and nesting, tags, entities. */
const VERBATIM = /^(?:\{\{[^}]*\}\}|\$t\([^)]*\)|<\/?[A-Za-z][^>]*>|&(?:[A-Za-z]+|#\d+|#x[\da-fA-F]+);)/;

/** The index of the `}` closing the `{` at `open`, or -1. */
function closing(text: string, open: number): number {
  let depth = 0;
  for (let i = open; i < text.length; i += 1) {
    if (text[i] === '{') depth += 1;
    else if (text[i] === '}' && (depth -= 1) === 0) return i;
  }
  return -1;
}

/** An ICU argument's body: `name` stays; `name, plural, one {…} other {…}` keeps all but the sub-messages. */
function icuArgument(body: string, counter: { letters: number }): string {
  const parts = body.split(',');
  if (parts.length < 3) return body;
  const head = `${parts[0]},${parts[1]},`;
  const options = body.slice(head.length);
  let out = '';
  for (let i = 0; i < options.length;) {
    if (options[i] === '{') {
      const end = closing(options, i);
      if (end < 0) return body;
      out += `{${accent(options.slice(i + 1, end), counter)}}`;
      i = end + 1;
    } else {
      out += options[i];
      i += 1;
    }
  }
  return head + out;
}

/** The text with its letters accented outside the verbatim spans; counts the letters it changed. */
function accent(text: string, counter: { letters: number }): string {
  let out = '';
  for (let i = 0; i < text.length;) {
    const verbatim = VERBATIM.exec(text.slice(i))?.[0];
    if (verbatim) {
      out += verbatim;
      i += verbatim.length;
      continue;
    }
    if (text[i] === '{') {
      const end = closing(text, i);
      if (end > i) {
        out += `{${icuArgument(text.slice(i + 1, end), counter)}}`;
        i = end + 1;
        continue;
      }
    }
    const char = text[i]!;
    const accented = ACCENTED[char];
    if (accented) counter.letters += 1;
    out += accented ?? char;
    i += 1;
  }
  return out;
}

/** One text in the pseudo-locale: `[Ýöûŕ çáŕð ŵáš ðéçļîñéð. ~~~~~~~]`. */
export function pseudoLocalise(text: string): string {
  const counter = { letters: 0 };
  const accented = accent(text, counter);
  const pad = Math.ceil(counter.letters * PSEUDO_EXPANSION);
  return `${PSEUDO_START}${accented}${pad > 0 ? ` ${PAD.repeat(pad)}` : ''}${PSEUDO_END}`;
}

type Catalogue = { [key: string]: string | Catalogue };

/** A whole catalogue in the pseudo-locale: the same keys, every text pseudo-localised. */
export function pseudoCatalogue(catalogue: Catalogue): Catalogue {
  return Object.fromEntries(
    Object.entries(catalogue).map(([key, value]) => [
      key,
      typeof value === 'string' ? pseudoLocalise(value) : pseudoCatalogue(value),
    ]),
  );
}
