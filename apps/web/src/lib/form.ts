import type { TFunction } from 'i18next';

/**
 * Form errors carry a rule key of packages/domain validation.ts (or a server `fields[].rule`);
 * this turns one into the text to show. Unknown rules fall back to the generic one.
 */
export function fieldErrorText(t: TFunction, error: { message?: string | undefined } | undefined): string | undefined {
  if (!error?.message) return undefined;
  return t(`validation:${error.message}`, { defaultValue: t('validation:invalid') });
}
