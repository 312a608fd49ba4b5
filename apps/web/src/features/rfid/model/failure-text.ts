import type { TFunction } from 'i18next';
import type { RfidBindingFailReason } from '@evcharge/domain/rfid';
import { errorText } from '@/lib/api-error';
import type { WizardFailure } from './use-rfid-wizard';

// SPEC §4 and §8: a binding that ends without a tag says why, in the words of the error codes
// the server would answer for the same cause (errors.json).
const reasonCodes: Record<RfidBindingFailReason, string> = {
  alreadyLinked: 'RFID_ALREADY_LINKED',
  carCharging: 'RFID_CAR_CHARGING',
  stationOffline: 'RFID_STATION_OFFLINE',
};

export function failureText(t: TFunction, failure: WizardFailure): string {
  if (failure.kind === 'reason') return t(`errors:${reasonCodes[failure.reason]}`);
  if (failure.kind === 'expired') return t('errors:RFID_STEP_TIMEOUT');
  if (failure.kind === 'cancelled') return t('rfid:wizard.failed.cancelled');
  return errorText(t, failure.error);
}
