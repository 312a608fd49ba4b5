import type { TFunction } from 'i18next';

// Why a session ended: OCPP 1.6 StopTransaction reasons as the standard spells them, and the
// server's own (limit reached, battery full, a session that drew nothing, the money ran out, a start the car did
// not take up in time, a start the station refused, the driver's stop in the app, a session
// closed on its meter because its stop never came).
const known = [
  'Local',
  'Remote',
  'EVDisconnected',
  'EmergencyStop',
  'PowerLoss',
  'Reboot',
  'HardReset',
  'SoftReset',
  'UnlockCommand',
  'DeAuthorized',
  'Other',
  'limit',
  'full',
  'ghost',
  'funds',
  'timeout',
  'rejected',
  'driver',
  'noStop',
] as const;

export function stopReasonText(t: TFunction, reason: string | null): string | null {
  if (!reason) return null;
  const key = (known as readonly string[]).includes(reason) ? reason : 'Other';
  return t(`charging:stopReason.${key}`);
}
