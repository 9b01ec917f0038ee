import { useRouteError } from 'react-router';
import { isChunkLoadError } from '../../lib/lazy.ts';
import { ChunkLoadFailure } from './chunk-load-boundary.tsx';
import { UnableToLoad } from './unable-to-load.tsx';

/** The route error element: the chunk-load screen for chunk failures, "Unable to Load Page" for anything else. */
export function RouteError() {
  const error = useRouteError();
  if (isChunkLoadError(error)) return <ChunkLoadFailure onRetry={() => window.location.reload()} />;
  return <UnableToLoad />;
}
