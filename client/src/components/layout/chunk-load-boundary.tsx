import { Component, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { isChunkLoadError } from '../../lib/lazy.ts';

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

type Props = { children: ReactNode; resetKey?: string; onRetry?: () => void };
type State = { error: unknown; resetKey: string | undefined };

/**
 * Catches only chunk-load errors (a route chunk that failed or took over 120 s) and offers
 * "Retry Connection", which reloads the page (React.lazy keeps a failed import). Every other error
 * goes on to the next boundary (spec §8).
 */
export class ChunkLoadBoundary extends Component<Props, State> {
  override state: State = { error: undefined, resetKey: undefined };

  static getDerivedStateFromError(error: unknown): Partial<State> {
    return { error };
  }

  static getDerivedStateFromProps(props: Props, state: State): Partial<State> | null {
    if (props.resetKey !== state.resetKey) return { resetKey: props.resetKey, error: undefined };
    return null;
  }

  override render() {
    const { error } = this.state;
    if (error === undefined) return this.props.children;
    if (!isChunkLoadError(error)) throw error;
    return <ChunkLoadFailure onRetry={this.props.onRetry ?? (() => window.location.reload())} />;
  }
}
