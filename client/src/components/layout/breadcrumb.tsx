import { useEffect, useState } from 'react';
import { useTranslation } from '../../lib/i18n-react.tsx';
import { useLocation } from 'react-router';
import { Link } from '../ui/link.tsx';
import { useLocale } from '../../lib/locales.ts';

export type Crumb = { label: string; to?: string };
/** Navigation state a link may carry so that the next page's breadcrumb leads back to it. */
export type PreviousPageState = { previousPage?: { label: string; to: string } };

/**
 * A breadcrumb that always starts with Home and may insert the previous page from navigation state
 * (storefront §2 Shell behaviour). The state is read after mounting: the server never sees it, so a
 * hydrated page first paints what the server painted.
 */
export function Breadcrumb({ items }: { items: Crumb[] }) {
  const { t } = useTranslation();
  const { to } = useLocale();
  const state = useLocation().state as PreviousPageState | null;
  const [previousPage, setPreviousPage] = useState<Crumb>();
  const label = state?.previousPage?.label;
  const previousTo = state?.previousPage?.to;
  useEffect(() => {
    setPreviousPage(label && previousTo?.startsWith('/') ? { label, to: previousTo } : undefined);
  }, [label, previousTo]);
  const crumbs: Crumb[] = [{ label: t('breadcrumb.home'), to: to('/home') }];
  if (previousPage) crumbs.push(previousPage);
  crumbs.push(...items);
  return (
    <nav aria-label={t('breadcrumb.label')} className="breadcrumb">
      <ol>
        {crumbs.map((crumb, index) => {
          const last = index === crumbs.length - 1;
          return (
            <li key={`${crumb.label}-${index}`}>
              {crumb.to && !last ? (
                <Link to={crumb.to}>{crumb.label}</Link>
              ) : (
                <span aria-current={last ? 'page' : undefined}>{crumb.label}</span>
              )}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
