import { useTranslation } from 'react-i18next';
import { isLanguage, DEFAULT_LANGUAGE } from '@evcharge/domain/constants';
import type { Currency } from '@evcharge/domain/currency';
import { formatMoney } from '@evcharge/domain/money';

/** Minor units to text with the domain's exact money formatting, in the reader's language. */
export function useMoney(currency: Currency): (amountMinor: number) => string {
  const { i18n } = useTranslation();
  const language = isLanguage(i18n.language) ? i18n.language : DEFAULT_LANGUAGE;
  return (amountMinor) => formatMoney({ amountMinor, currency }, language);
}
