import { toBcp47 } from './i18n';

// A module of its own, apart from format.ts: the map home's filter chips need only this, and
// the dates format.ts brings would count against the first load (bench/RESULTS.md).

// Making an Intl.NumberFormat costs far more than using one (the map labels every cluster on
// every frame): one per language and options.
const numberFormats = new Map<string, Intl.NumberFormat>();

function numberFormat(language: string, options?: Intl.NumberFormatOptions): Intl.NumberFormat {
  const key = `${language}|${options ? JSON.stringify(options) : ''}`;
  let format = numberFormats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(toBcp47(language), options);
    numberFormats.set(key, format);
  }
  return format;
}

export function formatNumber(
  value: number,
  language: string,
  options?: Intl.NumberFormatOptions,
): string {
  return numberFormat(language, options).format(value);
}
