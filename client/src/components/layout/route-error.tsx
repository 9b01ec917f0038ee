import { Component, type ReactNode } from 'react';
import { isChunkLoadError } from '../../lib/lazy.ts';
import { ChunkLoadFailure } from './chunk-load-boundary.tsx';
import { UnableToLoad } from './unable-to-load.tsx';

type Props = { children: ReactNode; resetKey?: string; onRetry?: () => void };
type State = { error: unknown; resetKey: string | undefined };

/**
 * The boundary around the routes (spec §8): a route chunk that failed or took over 120 s shows
 * "Retry Connection" (which reloads: React.lazy keeps a failed import); any other error while
 * rendering a page shows "Unable to Load Page". A new path (`resetKey`) clears it.
 */
export class RouteErrorBoundary extends Component<Props, State> {
  override state: State = { error: undefined, resetKey: undefined };

  static getDerivedStateFromError(error: unknown): Partial<State> {
    return { error };
  }

  static getDerivedStateFromProps(props: Props, state: State): Partial<State> | null {
    if (props.resetKey !== state.resetKey) return { resetKey: props.resetKey, error: undefined };
    return null;
  }

  override componentDidCatch(error: unknown): void {
    if (!isChunkLoadError(error)) console.error('page rendering failed', error);
  }

  override render() {
    const { error } = this.state;
    if (error === undefined) return this.props.children;
    if (isChunkLoadError(error)) {
      return <ChunkLoadFailure onRetry={this.props.onRetry ?? (() => window.location.reload())} />;
    }
    return <UnableToLoad />;
  }
}
