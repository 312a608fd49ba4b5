import type { OCPP16 } from 'typed-ocpp';
import type { ActionHandler } from '../context';
import { recordDiagnosticsStatus } from '../repo';

// OCPP 1.6 §4.4: progress of a diagnostics upload, kept on the charge point row.
export const diagnosticsStatusNotification: ActionHandler<
  OCPP16.DiagnosticsStatusNotificationRequest,
  OCPP16.DiagnosticsStatusNotificationResponse
> = async ({ deps, connection }, { status }) => {
  await recordDiagnosticsStatus(deps.db, connection.chargePointId, status);
  connection.log.info({ status }, 'OCPP diagnostics status');
  return {};
};
