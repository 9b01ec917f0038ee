import { useTranslation } from '../../lib/i18n-react.tsx';

/** The chunk-load failure screen (spec §8): "You are currently offline" and "Retry Connection". */
export function ChunkLoadFailure({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <section className="page page--narrow chunk-failure" aria-labelledby="chunk-failure-title">
      <h1 id="chunk-failure-title">{t('shell.chunkTitle')}</h1>
      <p>{t('shell.chunkMessage')}</p>
      <button type="button" className="button button--primary" onClick={onRetry}>
        {t('shell.chunkRetry')}
      </button>
    </section>
  );
}
