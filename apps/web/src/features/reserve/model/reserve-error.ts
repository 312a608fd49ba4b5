import type { TFunction } from 'i18next';
import { reservationFailReasons } from '@evcharge/api/reserves/reserves';
import { ApiError, errorText } from '@/lib/api-error';

// SPEC §8 "Error sending a reservation": the charge point's reason (OCPP 1.6 ReserveNow.conf,
// a partner's OCPI 2.2.1 §13 command answer or result, or no answer) has a sentence of its own
// in the errors catalogue. Kept here, not in
// lib/api-error, which the map home's first load carries.

export function reserveErrorText(t: TFunction, error: unknown): string {
  const reason = error instanceof ApiError && error.code === 'RESERVATION_FAILED' ? error.details.reason : undefined;
  if (typeof reason === 'string' && (reservationFailReasons as readonly string[]).includes(reason))
    return t(`errors:reservationFailed.${reason}`);
  return errorText(t, error);
}
