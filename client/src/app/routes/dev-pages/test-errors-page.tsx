import { useState } from 'react';
import { useTranslation } from '../../../lib/i18n-react.tsx';
import { Link } from '../../../components/ui/link.tsx';
import { lookupVehicle } from '../../../features/products/api/lookup-vehicle.ts';
import { ApiError } from '../../../lib/api/client.ts';
import { ChunkLoadError } from '../../../lib/lazy.ts';
import { useLocale } from '../../../lib/locales.ts';
import { DevPage } from './dev-page.tsx';

const ERROR_PAGES = [
  '/vin-error',
  '/invalid-market-vin',
  '/invalid-brand-vin',
  '/generic-error',
  '/internal-server-error',
  '/maintenance',
  '/restricted-access',
  '/page-not-found',
] as const;

function Thrower({ error }: { error: Error }): never {
  throw error;
}

/** /test-errors: each way a page can fail, and the error pages. */
export function TestErrorsPage() {
  const { t } = useTranslation();
  const { to } = useLocale();
  const [failure, setFailure] = useState<Error | undefined>();
  const [answer, setAnswer] = useState<string | undefined>();
  const malformed = async () => {
    try {
      // A VIN that is not one: the proxy's answer is the problem+json a malformed request gets.
      await lookupVehicle({ carvin: 'not-a-vin' });
      setAnswer(t('dev.errors.unexpectedSuccess'));
    } catch (error) {
      setAnswer(
        error instanceof ApiError
          ? t('dev.errors.answer', { status: error.status, title: error.problem?.title ?? '' })
          : t('dev.errors.noAnswer'),
      );
    }
  };
  return (
    <DevPage page="testErrors">
      {failure ? <Thrower error={failure} /> : null}
      <div className="dev-row">
        <button
          type="button"
          className="button button--secondary"
          onClick={() => setFailure(new Error('Test render error'))}
        >
          {t('dev.errors.render')}
        </button>
        <button
          type="button"
          className="button button--secondary"
          onClick={() => setFailure(new ChunkLoadError('Test chunk load failure'))}
        >
          {t('dev.errors.chunk')}
        </button>
        <button type="button" className="button button--secondary" onClick={() => void malformed()}>
          {t('dev.errors.api')}
        </button>
      </div>
      <p aria-live="polite">{answer}</p>
      <h2>{t('dev.errors.pages')}</h2>
      <ul>
        {ERROR_PAGES.map((path) => (
          <li key={path}>
            <Link to={to(path)}>{path}</Link>
          </li>
        ))}
      </ul>
    </DevPage>
  );
}
