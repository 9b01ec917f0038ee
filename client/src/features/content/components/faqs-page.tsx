import { useEffect, useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useParams } from 'react-router';
import useSWR from 'swr';
import { Breadcrumb } from '../../../components/layout/breadcrumb.tsx';
import { useLocale } from '../../../components/layout/page-type.ts';
import { Accordion } from '../../../components/ui/accordion.tsx';
import { FAQ_CATEGORIES, type FaqCategory } from '../../../../../domain/faq.ts';
import { api, request } from '../../../lib/api.ts';

type Category = FaqCategory;
const PAGE_SIZE = 25;

/**
 * /faqs (prefix match): FAQ search and categories over the FAQ accordion, 25 at a time with "Show
 * more", a breadcrumb from Home and a way back to the page that linked here (navigation state).
 */
export function FaqsPage() {
  const { t } = useTranslation();
  const { locale, to } = useLocale();
  const { state } = useLocation();
  const { '*': rest = '' } = useParams();
  const from = (state as { from?: string } | null)?.from;
  const initialCategory = FAQ_CATEGORIES.find((c) => c === decodeURIComponent(rest)) ?? null;
  const [category, setCategory] = useState<Category | null>(initialCategory);
  const [text, setText] = useState('');
  const [query, setQuery] = useState('');
  const [limit, setLimit] = useState(PAGE_SIZE);
  const searchId = useId();
  const { data, error } = useSWR(['faqs', locale, category, query, limit], () =>
    request(
      api.GET('/faqs', {
        params: {
          query: { locale, limit, offset: 0, ...(category ? { category } : {}), ...(query ? { q: query } : {}) },
        },
      }),
    ),
  );
  useEffect(() => {
    document.title = t('content.faqTitle');
  }, [t]);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setLimit(PAGE_SIZE);
    setQuery(text.trim());
  };
  return (
    <article className="page">
      <Breadcrumb items={[{ label: t('content.faqTitle') }]} />
      {from ? (
        <Link className="link-button" to={from}>
          {t('content.back')}
        </Link>
      ) : null}
      <h1>{t('content.faqTitle')}</h1>
      <form role="search" className="faq-search" onSubmit={submit}>
        <label htmlFor={searchId}>{t('content.searchLabel')}</label>
        <input id={searchId} type="search" value={text} maxLength={200} onChange={(e) => setText(e.target.value)} />
        <button type="submit" className="button button--primary">
          {t('content.search')}
        </button>
      </form>
      <div className="faq-categories" role="group" aria-label={t('content.categories')}>
        <button
          type="button"
          className="button button--ghost"
          aria-pressed={category === null}
          onClick={() => setCategory(null)}
        >
          {t('content.allCategories')}
        </button>
        {FAQ_CATEGORIES.map((c) => (
          <button
            key={c}
            type="button"
            className="button button--ghost"
            aria-pressed={category === c}
            onClick={() => setCategory(c)}
          >
            {t(`content.category.${c.replace(/[^a-z]+/g, '_')}`)}
          </button>
        ))}
      </div>
      {error || data?.unavailable ? <p role="alert">{t('content.faqUnavailable')}</p> : null}
      {!data && !error ? <p role="status">{t('shell.loading')}</p> : null}
      {data && !data.unavailable && data.items.length === 0 ? <p>{t('content.noResults')}</p> : null}
      {data && data.items.length > 0 ? <Accordion items={data.items} headingLevel={2} /> : null}
      {data && data.total > data.items.length ? (
        <button type="button" className="button button--secondary" onClick={() => setLimit(limit + PAGE_SIZE)}>
          {t('content.showMore')}
        </button>
      ) : null}
      <p>
        <Link to={to('/home')}>{t('checkout.backToShop')}</Link>
      </p>
    </article>
  );
}
