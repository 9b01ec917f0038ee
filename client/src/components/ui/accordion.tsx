import { useState } from 'react';
import { useTranslation } from '../../lib/i18n-react.tsx';
import './accordion.css';
import { ContentHtml } from './content-html.tsx';

export interface AccordionItem {
  question: string;
  answer: string;
}

/**
 * The FAQ accordion (storefront §2 Other screens): question and answer are HTML from the content
 * library; items expand individually; one button expands or collapses them all. Each item is a
 * native disclosure (<details>): a server-rendered page opens and closes its answers before its
 * JavaScript has run, and without JavaScript at all (docs/decisions/006).
 */
export function Accordion({ items, headingLevel = 3 }: { items: readonly AccordionItem[]; headingLevel?: 2 | 3 | 4 }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState<ReadonlySet<number>>(new Set());
  const allOpen = items.length > 0 && open.size === items.length;
  const Heading = `h${headingLevel}` as 'h3';
  const sync = (index: number, expanded: boolean) =>
    setOpen((current) => {
      if (current.has(index) === expanded) return current;
      const next = new Set(current);
      if (expanded) next.add(index);
      else next.delete(index);
      return next;
    });
  return (
    <div className="accordion">
      <div className="accordion__toolbar">
        <button
          type="button"
          className="button button--ghost"
          onClick={() => setOpen(allOpen ? new Set() : new Set(items.map((_, i) => i)))}
        >
          {allOpen ? t('ui.collapseAll') : t('ui.viewAll')}
        </button>
      </div>
      {items.map((item, index) => (
        <details
          className="accordion__item"
          key={index}
          open={open.has(index)}
          onToggle={(event) => sync(index, event.currentTarget.open)}
        >
          <summary className="accordion__trigger">
            <Heading className="accordion__heading">
              {/* Question HTML from the commerce content library (trusted; no scripts run under the CSP). */}
              <span dangerouslySetInnerHTML={{ __html: stripBlockTags(item.question) }} />
            </Heading>
            <span className="accordion__icon" aria-hidden="true" />
          </summary>
          <div className="accordion__panel">
            <ContentHtml html={item.answer} />
          </div>
        </details>
      ))}
    </div>
  );
}

/** A question arrives as `<p>…</p>`; inside a heading only phrasing content is valid. */
function stripBlockTags(html: string): string {
  return html.replace(/<\/?(p|div|h[1-6])[^>]*>/gi, '');
}
