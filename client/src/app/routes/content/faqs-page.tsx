import { useEffect, useId, useState, type FormEvent } from 'react';
import { useTranslation } from '../../../lib/i18n-react.tsx';
import { useLocation, useParams } from 'react-router';
import { Link } from '../../../components/ui/link.tsx';
import { Breadcrumb } from '../../../components/layout/breadcrumb.tsx';
import { Hero } from '../../../components/layout/hero.tsx';
import { useLocale } from '../../../lib/locales.ts';
import { Accordion } from '../../../components/ui/accordion.tsx';
import { NeedHelp } from '../../../components/ui/need-help.tsx';
import { FAQ_CATEGORIES, type FaqCategory } from '../../../../../domain/faq.ts';
import {
  FAQ_PAGE_SIZE,
  faqCategoryOf,
  faqSearchOf,
  faqsQuery,
  topFaqsQuery,
  useFaqs,
} from '../../../features/content/api/search-faqs.ts';

type Category = FaqCategory;

/** A path of this shop (never another site's address, as `//host` would be), else undefined. */
const shopPathOf = (value: string | null) => (value && /^\/(?![/\\])/.test(value) ? value : undefined);

/**
 * /faqs (prefix match), the help centre (storefront §2 Other screens): a hero with the FAQ search,
 * the categories, the market's top questions, the results 25 at a time with "Show more", the
 * need-help block, a breadcrumb from Home and a way back to the page that linked here.
 */
export function FaqsPage() {
  const { t } = useTranslation();
  const { locale, to } = useLocale();
  const { state, key, search } = useLocation();
  const { '*': rest = '' } = useParams();
  // The page that linked here: in the link's state, or in ?from= (a link or a search sent by the
  // browser itself, before the app ran, keeps it that way); only a path of this shop.
  const linkedFrom = (state as { from?: string } | null)?.from ?? shopPathOf(new URLSearchParams(search).get('from'));
  // Reached by the browser itself (a link followed before the app had started, decision 006): the
  // page it came from is the referrer, when it is one of the shop's.
  const [referrer, setReferrer] = useState<string>();
  useEffect(() => {
    if (linkedFrom || key !== 'default' || !document.referrer) return;
    const url = new URL(document.referrer);
    if (url.origin === window.location.origin && url.pathname !== window.location.pathname) {
      setReferrer(url.pathname + url.search);
    }
  }, [linkedFrom, key]);
  const from = linkedFrom ?? referrer;
  const initialCategory = faqCategoryOf(rest);
  const [category, setCategory] = useState<Category | null>(initialCategory);
  // A search sent by the browser itself (before the app ran, the form has no JavaScript yet) comes as ?q=.
  const searched = faqSearchOf(search);
  const [query, setQuery] = useState(searched);
  const [limit, setLimit] = useState(FAQ_PAGE_SIZE);
  const searchId = useId();
  const { data, error } = useFaqs(faqsQuery(locale, category, query, limit));
  const browsing = !category && !query;
  const { data: top } = useFaqs(browsing ? topFaqsQuery(locale) : null);
  useEffect(() => {
    document.title = t('content.helpTitle');
  }, [t]);
  const categoryLabel = (c: Category) => t(`content.category.${c.replace(/[^a-z]+/g, '_')}`);
  const resultsTitle = query
    ? t('content.resultsFor', { query })
    : category
      ? categoryLabel(category)
      : t('content.faqTitle');
  // The box is read when the search is sent: text typed before the app ran is in it, not in state.
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setLimit(FAQ_PAGE_SIZE);
    setQuery(String(new FormData(event.currentTarget).get('q') ?? '').trim());
  };
  return (
    <article className="page help-centre">
      <Breadcrumb items={[{ label: t('content.helpTitle') }]} />
      {from ? (
        <Link className="link-button" to={from}>
          {t('content.back')}
        </Link>
      ) : null}
      <Hero title={t('content.helpTitle')} description={t('content.helpIntro')}>
        <form role="search" className="faq-search" onSubmit={submit}>
          {from ? <input type="hidden" name="from" value={from} /> : null}
          <label htmlFor={searchId}>{t('content.searchLabel')}</label>
          <input id={searchId} name="q" type="search" defaultValue={searched} maxLength={200} />
          <button type="submit" className="button button--primary">
            {t('content.search')}
          </button>
        </form>
      </Hero>
      <section aria-labelledby={`${searchId}-topics`}>
        <h2 id={`${searchId}-topics`}>{t('content.browseTopics')}</h2>
        <div className="faq-categories" role="group" aria-labelledby={`${searchId}-topics`}>
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
              {categoryLabel(c)}
            </button>
          ))}
        </div>
      </section>
      {browsing && top && !top.unavailable && top.items.length > 0 ? (
        <section aria-labelledby={`${searchId}-top`}>
          <h2 id={`${searchId}-top`}>{t('content.topQuestions')}</h2>
          <Accordion items={top.items} headingLevel={3} />
        </section>
      ) : null}
      <section aria-labelledby={`${searchId}-results`} aria-live="polite">
        <h2 id={`${searchId}-results`}>{resultsTitle}</h2>
        {error || data?.unavailable ? <p role="alert">{t('content.faqUnavailable')}</p> : null}
        {!data && !error ? <p role="status">{t('shell.loading')}</p> : null}
        {data && !data.unavailable && data.items.length === 0 ? <p>{t('content.noResults')}</p> : null}
        {data && data.items.length > 0 ? <Accordion items={data.items} headingLevel={3} /> : null}
        {data && data.total > data.items.length ? (
          <button type="button" className="button button--secondary" onClick={() => setLimit(limit + FAQ_PAGE_SIZE)}>
            {t('content.showMore')}
          </button>
        ) : null}
      </section>
      <NeedHelp className="need-help" faqLink={false} />
      <p>
        <Link to={to('/home')}>{t('checkout.backToShop')}</Link>
      </p>
    </article>
  );
}
