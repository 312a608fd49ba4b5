import { useTranslation } from 'react-i18next';
import type { Currency } from '@evcharge/domain/currency';
import { formatMoney } from '@/lib/format';

/**
 * Minor units to text in the reader's language, the way every screen shows money (lib/format:
 * the currency's narrow sign, ₽ 25.00 rather than RUB 25.00, so tariffs and sessions agree).
 */
export function useMoney(currency: Currency): (amountMinor: number) => string {
  const { i18n } = useTranslation();
  return (amountMinor) => formatMoney(amountMinor, currency, i18n.language);
}
