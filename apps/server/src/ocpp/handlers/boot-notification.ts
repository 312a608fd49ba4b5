import type { OCPP16 } from 'typed-ocpp';
import type { ActionHandler } from '../context';
import { recordBoot } from '../repo';

// OCPP 1.6 §4.2: a registered charge point is accepted (the handshake already proved who it
// is) and told how often to send Heartbeat.
export const bootNotification: ActionHandler<
  OCPP16.BootNotificationRequest,
  OCPP16.BootNotificationResponse
> = async ({ deps, connection }, params) => {
  const now = new Date();
  const interval = deps.config.ocpp.heartbeatSeconds;
  await recordBoot(
    deps.db,
    connection.chargePointId,
    {
      vendor: params.chargePointVendor,
      model: params.chargePointModel,
      serialNumber: params.chargePointSerialNumber ?? params.chargeBoxSerialNumber ?? null,
      firmwareVersion: params.firmwareVersion ?? null,
    },
    interval,
    now,
  );
  connection.heartbeatSeconds = interval;
  connection.log.info(
    {
      vendor: params.chargePointVendor,
      model: params.chargePointModel,
      firmware: params.firmwareVersion,
    },
    'OCPP charge point booted',
  );
  deps.events.booted(connection);
  return { status: 'Accepted', currentTime: now.toISOString(), interval };
};
