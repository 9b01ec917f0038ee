import { useTranslation } from '../../lib/i18n-react.tsx';
import { useLocation } from 'react-router';
import { Link } from '../ui/link.tsx';
import { useLocale } from '../../lib/locales.ts';

export type Crumb = { label: string; to?: string };
type PreviousPage = { previousPage?: { label: string; to: string } };

/** A breadcrumb that always starts with Home and may insert the previous page from navigation state. */
export function Breadcrumb({ items }: { items: Crumb[] }) {
  const { t } = useTranslation();
  const { to } = useLocale();
  const state = useLocation().state as PreviousPage | null;
  const crumbs: Crumb[] = [{ label: t('breadcrumb.home'), to: to('/home') }];
  if (state?.previousPage) crumbs.push(state.previousPage);
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
