import { useTranslation } from '../../../lib/i18n-react.tsx';
import { Dialog } from '../../../components/ui/dialog.tsx';

/** "View countries included" (storefront §2): the plan's countries in the page language's order. */
export function CountriesDialog({
  countries,
  open,
  onClose,
}: {
  countries: { countryPlan: string; countryList: readonly string[] };
  open: boolean;
  onClose: () => void;
}) {
  const { t, i18n } = useTranslation();
  return (
    <Dialog open={open} title={t('renewal.countriesTitle', { plan: countries.countryPlan })} onClose={onClose}>
      <ul className="countries">
        {[...countries.countryList]
          .sort((a, b) => a.localeCompare(b, i18n.language))
          .map((country) => (
            <li key={country}>{country}</li>
          ))}
      </ul>
    </Dialog>
  );
}
