import type { ActionHandler } from '../context';
import { authorize } from './authorize';
import { bootNotification } from './boot-notification';
import { dataTransfer } from './data-transfer';
import { diagnosticsStatusNotification } from './diagnostics-status-notification';
import { firmwareStatusNotification } from './firmware-status-notification';
import { heartbeat } from './heartbeat';
import { meterValues } from './meter-values';
import { startTransaction } from './start-transaction';
import { statusNotification } from './status-notification';
import { stopTransaction } from './stop-transaction';

/**
 * Every charge point → central system action of OCPP 1.6 core we answer. Handlers are
 * registered one by one, never as a catch-all: ocpp-rpc then answers any other action with
 * NotImplemented (a catch-all would turn those into ProtocolError, STACK.md).
 */
export const actionHandlers: Record<string, ActionHandler<never, object>> = {
  Authorize: authorize,
  BootNotification: bootNotification,
  DataTransfer: dataTransfer,
  DiagnosticsStatusNotification: diagnosticsStatusNotification,
  FirmwareStatusNotification: firmwareStatusNotification,
  Heartbeat: heartbeat,
  MeterValues: meterValues,
  StartTransaction: startTransaction,
  StatusNotification: statusNotification,
  StopTransaction: stopTransaction,
};
