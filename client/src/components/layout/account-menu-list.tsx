/**
 * The profile menu's entries (account §2), loaded when the menu first opens: the region's preferences
 * and the account links stay out of the storefront's first-route JavaScript.
 */
import { useTranslation } from '../../lib/i18n-react.tsx';
import { accountLinks } from '../../lib/account-links.ts';
import { useSiteConfig } from '../../lib/api/get-site-config.ts';
import { useLocale } from '../../lib/locales.ts';
import { useSite } from '../../lib/site.tsx';
import { Link } from '../ui/link.tsx';

export default function AccountMenuList({ close }: { close: () => void }) {
  const { t } = useTranslation();
  const { to } = useLocale();
  const { data: config } = useSiteConfig(useSite());
  return accountLinks(config?.customPreferences).map(([key, path]) => (
    <li key={key}>
      <Link to={to(path)} onClick={close}>
        {t(`header.menu.${key}`)}
      </Link>
    </li>
  ));
}
