import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import './accordion.css';
import { ContentHtml } from './content-html.tsx';

export interface AccordionItem {
  question: string;
  answer: string;
}

/**
 * The FAQ accordion (storefront §2 Other screens): question and answer are HTML from the content
 * library; items expand individually; one button expands or collapses them all.
 */
export function Accordion({ items, headingLevel = 3 }: { items: readonly AccordionItem[]; headingLevel?: 2 | 3 | 4 }) {
  const { t } = useTranslation();
  const baseId = useId();
  const [open, setOpen] = useState<ReadonlySet<number>>(new Set());
  const allOpen = items.length > 0 && open.size === items.length;
  const Heading = `h${headingLevel}` as 'h3';
  const toggle = (index: number) =>
    setOpen((current) => {
      const next = new Set(current);
      if (next.has(index)) next.delete(index);
      else next.add(index);
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
      {items.map((item, index) => {
        const expanded = open.has(index);
        const panelId = `${baseId}-panel-${index}`;
        return (
          <div className="accordion__item" key={index}>
            <Heading className="accordion__heading">
              <button
                type="button"
                className="accordion__trigger"
                aria-expanded={expanded}
                aria-controls={panelId}
                onClick={() => toggle(index)}
              >
                {/* Question HTML from the commerce content library (trusted; no scripts run under the CSP). */}
                <span dangerouslySetInnerHTML={{ __html: stripBlockTags(item.question) }} />
                <span className="accordion__icon" aria-hidden="true">
                  {expanded ? '−' : '+'}
                </span>
              </button>
            </Heading>
            <div id={panelId} className="accordion__panel" hidden={!expanded}>
              <ContentHtml html={item.answer} />
            </div>
          </div>
        );
      })}
    </div>
  );
}

/** A question arrives as `<p>…</p>`; inside a button only phrasing content is valid. */
function stripBlockTags(html: string): string {
  return html.replace(/<\/?(p|div|h[1-6])[^>]*>/gi, '');
}
