import { formatPhone } from '@evcharge/domain/phone';

/** `+7 999 123-45-67` that never breaks across lines (no-break spaces). */
export function displayPhone(phone: string): string {
  return formatPhone(phone).replaceAll(' ', '\u00a0');
}
