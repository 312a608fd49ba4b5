import { useRouteError } from 'react-router';
import { isChunkLoadError } from './lazy-route';
import { LoadError } from './load-error';

/** Error boundary of every route: a screen that crashed or failed to load, with a retry. */
export function RouteError() {
  // Not memoised by React Compiler, for the first load's size, as root-layout.tsx says.
  'use no memo';
  const error = useRouteError();
  const isChunk = isChunkLoadError(error);
  if (!isChunk) console.error(error);
  return <LoadError code={isChunk ? 'CHUNK_LOAD_ERROR' : 'UNKNOWN'} />;
}
