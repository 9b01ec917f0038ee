import type { HTMLAttributes, MouseEvent } from 'react';
import { useNavigate } from 'react-router';
import { isLocale, useLocale } from '../../lib/locales.ts';

/**
 * The shop's own links in content-library HTML ("/faqs", "/terms-conditions") are written without a
 * locale: they are given the page's locale prefix, so a shopper reading in French stays in French.
 * Links that already carry a locale, other sites' links and protocol-relative ones are left alone.
 */
export function localiseLinks(html: string, to: (path: string) => string): string {
  return html.replace(
    /(<a\b[^>]*?\shref=)(["'])(\/(?!\/)[^"']*)\2/gi,
    (whole, start: string, quote: string, path: string) => {
      const first = path.split(/[/?#]/)[1];
      return isLocale(first) ? whole : `${start}${quote}${to(path)}${quote}`;
    },
  );
}

/**
 * HTML authored in the commerce platform's content library (trusted; the CSP allows no inline
 * script), with the shop's links localised and followed inside the app rather than reloading it.
 */
export function ContentHtml({
  html,
  as: Tag = 'div',
  ...rest
}: { html: string; as?: 'div' | 'nav' } & Omit<HTMLAttributes<HTMLElement>, 'dangerouslySetInnerHTML' | 'children'>) {
  const { to } = useLocale();
  const navigate = useNavigate();
  const follow = (event: MouseEvent<HTMLElement>) => {
    if (
      event.defaultPrevented ||
      event.button !== 0 ||
      event.metaKey ||
      event.ctrlKey ||
      event.shiftKey ||
      event.altKey
    )
      return;
    const link = (event.target as Element).closest?.('a');
    const href = link?.getAttribute('href');
    if (
      !link ||
      !href ||
      link.target ||
      link.hasAttribute('download') ||
      !href.startsWith('/') ||
      href.startsWith('//')
    )
      return;
    // A file (a PDF, an image) is the server's to send, not a page of the app.
    if (/\.[a-z0-9]{2,5}$/i.test(href.split(/[?#]/)[0] ?? '')) return;
    event.preventDefault();
    void navigate(href);
  };
  return <Tag {...rest} onClick={follow} dangerouslySetInnerHTML={{ __html: localiseLinks(html, to) }} />;
}
