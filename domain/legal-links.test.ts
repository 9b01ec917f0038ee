import { describe, expect, it } from 'vitest';
import { anchorsOf, decodeEntities, legalLinksOf, type LegalLinks } from './legal-links.ts';

const AT = { origin: 'https://shop.example', locale: 'en-GB' };

/** The sandbox's English Footer_Links body (mocks/sandbox/src/upstreams/commerce/content.ts). */
const FOOTER =
  '<ul class="footer-links"><li><a href="/terms-conditions">Terms &amp; conditions</a></li><li><a href="https://www.example.com/privacy">Privacy policy</a></li><li><a href="https://www.example.com/cookies">Cookie policy</a></li><li><a href="/faqs">FAQs</a></li><li><a href="https://www.example.com/contact">Contact us</a></li></ul>';

const PRIVACY = { name: 'Privacy policy', link: 'https://www.example.com/privacy' };
const TERMS = { name: 'Terms & conditions', link: 'https://shop.example/en-GB/terms-conditions' };

describe('legalLinksOf (storefront §3 Order c_SNP_OMS_privacyPolicy*, c_SNP_OMS_termsAndConditions*; §3 Content assets footer links)', () => {
  it.each<[string, string, string, typeof AT, LegalLinks]>([
    ['the footer’s terms and privacy links', FOOTER, '/terms-conditions', AT, { privacy: PRIVACY, terms: TERMS }],
    [
      'the terms under the shopper’s locale',
      FOOTER,
      '/terms-conditions',
      { origin: 'https://shop.example', locale: 'fr-FR' },
      { privacy: PRIVACY, terms: { ...TERMS, link: 'https://shop.example/fr-FR/terms-conditions' } },
    ],
    [
      'a terms link written with a locale, kept as written',
      '<a href="/de-DE/terms-conditions">AGB</a>',
      '/terms-conditions',
      AT,
      { terms: { name: 'AGB', link: 'https://shop.example/de-DE/terms-conditions' } },
    ],
    [
      'the product’s own terms URL (c_termConditionURL), not the default',
      '<a href="/terms-conditions">General</a><a href="/cn-terms">Navigation terms</a>',
      '/cn-terms',
      AT,
      { terms: { name: 'Navigation terms', link: 'https://shop.example/en-GB/cn-terms' } },
    ],
    [
      'an absolute terms URL on another host',
      '<a href=\'https://legal.example/terms\'>Terms</a><a href="/terms">Ours</a>',
      'https://legal.example/terms',
      AT,
      { terms: { name: 'Terms', link: 'https://legal.example/terms' } },
    ],
    [
      'the privacy link by "privacy" in any case, its text without tags and decoded',
      '<a class="x" href="/Legal/PRIVACY-Notice?v=2"><strong>Politique de</strong>&#32;confidentialit&eacute; &#xe9;</a>',
      '/terms-conditions',
      AT,
      {
        privacy: {
          name: 'Politique de confidentialité é',
          link: 'https://shop.example/en-GB/Legal/PRIVACY-Notice?v=2',
        },
      },
    ],
    [
      'the first privacy link only',
      '<a href="/privacy">One</a><a href="/privacy-2">Two</a>',
      '/t',
      AT,
      {
        privacy: { name: 'One', link: 'https://shop.example/en-GB/privacy' },
      },
    ],
    ['nothing from a footer without them', '<a href="/faqs">FAQs</a><p>privacy</p>', '/terms-conditions', AT, {}],
    ['nothing from an empty footer', '', '/terms-conditions', AT, {}],
    [
      'nothing from a link without text',
      '<a href="/terms-conditions"> <img src="t.png"></a>',
      '/terms-conditions',
      AT,
      {},
    ],
    ['nothing from a script link', '<a href="javascript:privacy()">Privacy</a>', '/terms-conditions', AT, {}],
    ['nothing from an anchor left open', '<a href="/terms-conditions">Terms', '/terms-conditions', AT, {}],
    ['nothing from a data-href', '<a data-href="/privacy">Privacy</a>', '/terms-conditions', AT, {}],
  ])('when the footer holds %s, then those are the order’s', (_, footer, termsUrl, at, expected) => {
    expect(legalLinksOf(footer, termsUrl, at)).toEqual(expected);
  });

  it('when the footer is huge or full of unclosed anchors, then it is read in linear time', () => {
    const body = '<a href="/x">'.repeat(50_000);
    const started = performance.now();
    expect(anchorsOf(body)).toEqual([]);
    expect(performance.now() - started).toBeLessThan(500);
  });
});

describe('decodeEntities', () => {
  it.each([
    ['&amp;', '&'],
    ['&lt;b&gt;', '<b>'],
    ['&quot;&apos;', `"'`],
    ['&#233;&#xE9;', 'éé'],
    ['&nbsp;', '\u00a0'],
    ['&AMP;', '&'],
    ['&Eacute;&eacute;&szlig;&yuml;&ccedil;', 'Ééßÿç'],
    ['&euro;&ndash;&rsquo;', '€–’'],
    ['&EACUTE; &unknown; &#xD800; &#0;', '&EACUTE; &unknown; &#xD800; &#0;'],
  ])('when %s is decoded, then it reads %s', (text, expected) => {
    expect(decodeEntities(text)).toBe(expected);
  });
});
