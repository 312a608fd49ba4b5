import type { TFunction } from 'i18next';
import type { BrandText } from '@evcharge/api/brand/get-brand';
import { isLanguage } from '@evcharge/domain/constants';
import { isErrorCode } from '@evcharge/domain/errors';

/** A text the brand wrote in every language (the goods' titles), in the reader's. */
export function brandText(text: BrandText, language: string): string {
  return isLanguage(language) ? text[language] : text.en;
}

/** The translated reason of a declined payment: the ACQ code's text (SPEC §8), else unknown. */
export function declineText(t: TFunction, errorCode: string | null | undefined): string {
  return errorCode && isErrorCode(errorCode) ? t(`errors:${errorCode}`) : t('errors:UNKNOWN');
}
