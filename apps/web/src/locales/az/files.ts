// This language's texts, one chunk per namespace: lib/locale-files.ts loads this small map
// first, so the map home's first load names the files of one language, not of all eight.
export const files = import.meta.glob<{ default: Record<string, unknown> }>('./*.json');
