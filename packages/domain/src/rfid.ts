// SPEC §2 rfid / my_rfid, §4 the RFID wizard, §8 "RFID tag already linked or cannot be linked".

/**
 * The wizard's steps as the server keeps them: waiting for the car to be plugged in (the
 * connector reports Preparing, OCPP 1.6 §4.9), waiting for a tag at the reader (Authorize,
 * §4.1), the tag read and waiting for the driver to confirm; then bound, or ended.
 */
export const rfidBindingStatuses = [
  'waitingCar',
  'waitingTag',
  'tagRead',
  'bound',
  'failed',
  'expired',
  'cancelled',
] as const;
export type RfidBindingStatus = (typeof rfidBindingStatuses)[number];

export const openRfidBindingStatuses = ['waitingCar', 'waitingTag', 'tagRead'] as const;

export function isRfidBindingOpen(status: RfidBindingStatus): boolean {
  return (openRfidBindingStatuses as readonly string[]).includes(status);
}

/** Why a binding failed: the tag is linked already, a car started charging, the station left. */
export const rfidBindingFailReasons = ['alreadyLinked', 'carCharging', 'stationOffline'] as const;
export type RfidBindingFailReason = (typeof rfidBindingFailReasons)[number];

/** Seconds each step waits before it times out (SPEC §4: "waiting for connection"). */
export const RFID_CAR_WAIT_SECONDS = 180;
export const RFID_TAG_WAIT_SECONDS = 120;
export const RFID_CONFIRM_WAIT_SECONDS = 300;

/** The seconds the step in `status` may last. */
export function rfidStepSeconds(status: RfidBindingStatus): number {
  if (status === 'waitingCar') return RFID_CAR_WAIT_SECONDS;
  if (status === 'waitingTag') return RFID_TAG_WAIT_SECONDS;
  return RFID_CONFIRM_WAIT_SECONDS;
}

export const RFID_TAG_NAME_MAX = 40;

/** OCPP 1.6 §7.26 IdToken: CiString20, printable ASCII. */
export function isIdToken(value: string): boolean {
  return /^[\x21-\x7e]{1,20}$/.test(value);
}

/** A tag's number as lists show it: its last four characters only. */
export function maskTagNumber(uid: string): string {
  return `•••• ${uid.slice(-4)}`;
}
