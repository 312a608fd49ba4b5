import { LoadError } from './load-error';

/** Stands in for a screen whose chunk failed or timed out (SPEC §8: errors:CHUNK_LOAD_ERROR). */
export function ChunkLoadFailed() {
  // Not memoised by React Compiler, for the first load's size, as root-layout.tsx says.
  'use no memo';
  return <LoadError code="CHUNK_LOAD_ERROR" />;
}
