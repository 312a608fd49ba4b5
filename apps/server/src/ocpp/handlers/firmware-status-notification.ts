import type { OCPP16 } from 'typed-ocpp';
import type { ActionHandler } from '../context';
import { recordFirmwareStatus } from '../repo';

// OCPP 1.6 §4.5: progress of a firmware update, kept on the charge point row.
export const firmwareStatusNotification: ActionHandler<
  OCPP16.FirmwareStatusNotificationRequest,
  OCPP16.FirmwareStatusNotificationResponse
> = async ({ deps, connection }, { status }) => {
  await recordFirmwareStatus(deps.db, connection.chargePointId, status);
  connection.log.info({ status }, 'OCPP firmware status');
  return {};
};
