// Commands from the central system: one plain function per OCPP action, returning the answer.
// Anything with an effect on the wire after the answer runs in `afterReply`, so the CALLRESULT
// goes out before the StatusNotification or StartTransaction it causes.
import type { OCPP16 } from 'typed-ocpp';
import { setProfile, clearProfiles } from './charging-profile';
import { findConnector, pushStatus, refreshStatus, type StationContext } from './context';
import { canStart, type Connector } from './connector';
import { changeConfiguration, getConfiguration } from './config';
import { dataTransfer } from './data-transfer';
import { getLocalListVersion, sendLocalList } from './local-list';
import { reservationCommands } from './reservations';
import { boot, sendHeartbeat } from './session';
import {
  awaitCable,
  clearPendingStart,
  plug,
  sampleMeter,
  startTransaction,
  stopTransaction,
} from './transactions';
import { reboot } from './reboot';

type Handler = (ctx: StationContext, params: never) => object;

const afterReply = (fn: () => void) => setImmediate(fn);

function connectorOrUndefined(ctx: StationContext, connectorId: number): Connector | undefined {
  return ctx.connectors[connectorId - 1];
}

function remoteStartTransaction(
  ctx: StationContext,
  params: OCPP16.RemoteStartTransactionRequest,
): OCPP16.RemoteStartTransactionResponse {
  const { idTag, chargingProfile } = params;
  const candidates =
    params.connectorId === undefined
      ? ctx.connectors
          .filter((c) => canStart(c, ctx.isEmergency, idTag))
          .sort((a, b) => Number(Boolean(b.car)) - Number(Boolean(a.car)))
      : [connectorOrUndefined(ctx, params.connectorId)].filter((c): c is Connector =>
          Boolean(c && canStart(c, ctx.isEmergency, idTag)),
        );
  const connector = candidates[0];
  if (!connector) return { status: 'Rejected' };
  if (chargingProfile && chargingProfile.chargingProfilePurpose !== 'TxProfile')
    return { status: 'Rejected' };
  const reservationId = connector.reservation?.reservationId;
  // Hold the connector now so a second start cannot take it before we act.
  connector.pendingStart = { idTag, reservationId };
  afterReply(() => {
    if (connector.pendingStart?.idTag !== idTag) return;
    if (chargingProfile) {
      ctx.profiles = setProfile(ctx.profiles, {
        connectorId: connector.id,
        profile: chargingProfile,
        receivedAtMs: ctx.clock.now(),
      });
    }
    if (connector.car) startTransaction(ctx, connector, idTag, reservationId);
    else if (ctx.settings.autoPlugCar)
      plug(ctx, connector, ctx.settings.autoPlugCar, { leavesByItself: true });
    else awaitCable(ctx, connector, idTag, reservationId);
  });
  return { status: 'Accepted' };
}

function remoteStopTransaction(
  ctx: StationContext,
  params: OCPP16.RemoteStopTransactionRequest,
): OCPP16.RemoteStopTransactionResponse {
  const connector = ctx.connectors.find(
    (c) => c.transaction?.transactionId === params.transactionId,
  );
  if (!connector) return { status: 'Rejected' };
  afterReply(() => stopTransaction(ctx, connector, 'Remote'));
  return { status: 'Accepted' };
}

function changeAvailability(
  ctx: StationContext,
  params: OCPP16.ChangeAvailabilityRequest,
): OCPP16.ChangeAvailabilityResponse {
  const targets =
    params.connectorId === 0 ? ctx.connectors : [connectorOrUndefined(ctx, params.connectorId)];
  if (targets.some((c) => !c)) return { status: 'Rejected' };
  const isInoperative = params.type === 'Inoperative';
  let isScheduled = false;
  for (const connector of targets as Connector[]) {
    if (connector.transaction && isInoperative) {
      // OCPP 1.6 §5.2: a running transaction finishes first.
      connector.scheduledInoperative = true;
      isScheduled = true;
      continue;
    }
    connector.scheduledInoperative = undefined;
    connector.isInoperative = isInoperative;
    if (isInoperative) clearPendingStart(ctx, connector);
    afterReply(() => refreshStatus(ctx, connector));
  }
  return { status: isScheduled ? 'Scheduled' : 'Accepted' };
}

function unlockConnector(
  ctx: StationContext,
  params: OCPP16.UnlockConnectorRequest,
): OCPP16.UnlockConnectorResponse {
  const connector = connectorOrUndefined(ctx, params.connectorId);
  if (!connector) return { status: 'NotSupported' };
  if (connector.fault?.errorCode === 'ConnectorLockFailure') return { status: 'UnlockFailed' };
  afterReply(() => stopTransaction(ctx, connector, 'UnlockCommand'));
  return { status: 'Unlocked' };
}

function reset(ctx: StationContext, params: OCPP16.ResetRequest): OCPP16.ResetResponse {
  afterReply(() => void reboot(ctx, params.type === 'Hard' ? 'HardReset' : 'SoftReset'));
  return { status: 'Accepted' };
}

function triggerMessage(
  ctx: StationContext,
  params: OCPP16.TriggerMessageRequest,
): OCPP16.TriggerMessageResponse {
  const { requestedMessage, connectorId } = params;
  if (connectorId !== undefined && connectorId !== 0 && !connectorOrUndefined(ctx, connectorId))
    return { status: 'Rejected' };
  const targets = connectorId ? [findConnector(ctx, connectorId)] : ctx.connectors;
  const send: Record<typeof requestedMessage, () => void> = {
    BootNotification: () => void boot(ctx),
    Heartbeat: () => sendHeartbeat(ctx),
    StatusNotification: () => targets.forEach((c) => pushStatus(ctx, c)),
    MeterValues: () => targets.forEach((c) => sampleMeter(ctx, c, 'Trigger')),
    DiagnosticsStatusNotification: () =>
      ctx.outbox.push({
        action: 'DiagnosticsStatusNotification',
        isTransactionMessage: false,
        build: () => ({ status: 'Idle' }),
      }),
    FirmwareStatusNotification: () =>
      ctx.outbox.push({
        action: 'FirmwareStatusNotification',
        isTransactionMessage: false,
        build: () => ({ status: 'Idle' }),
      }),
  };
  afterReply(send[requestedMessage]);
  return { status: 'Accepted' };
}

function setChargingProfile(
  ctx: StationContext,
  params: OCPP16.SetChargingProfileRequest,
): OCPP16.SetChargingProfileResponse {
  const profile = params.csChargingProfiles;
  const connector =
    params.connectorId === 0 ? undefined : connectorOrUndefined(ctx, params.connectorId);
  if (params.connectorId !== 0 && !connector) return { status: 'Rejected' };
  if (profile.chargingProfilePurpose === 'ChargePointMaxProfile' && params.connectorId !== 0)
    return { status: 'Rejected' };
  if (profile.chargingProfilePurpose === 'TxProfile') {
    // OCPP 1.6 §5.16: a TxProfile needs a running transaction on that connector.
    const tx = connector?.transaction;
    if (!tx || (profile.transactionId !== undefined && profile.transactionId !== tx.transactionId))
      return { status: 'Rejected' };
  }
  ctx.profiles = setProfile(ctx.profiles, {
    connectorId: params.connectorId,
    profile,
    receivedAtMs: ctx.clock.now(),
  });
  afterReply(() => ctx.connectors.forEach((c) => refreshStatus(ctx, c)));
  return { status: 'Accepted' };
}

function clearChargingProfile(
  ctx: StationContext,
  params: OCPP16.ClearChargingProfileRequest,
): OCPP16.ClearChargingProfileResponse {
  const { kept, clearedCount } = clearProfiles(ctx.profiles, params);
  ctx.profiles = kept;
  afterReply(() => ctx.connectors.forEach((c) => refreshStatus(ctx, c)));
  return { status: clearedCount > 0 ? 'Accepted' : 'Unknown' };
}

export const commands: Record<string, Handler> = {
  RemoteStartTransaction: remoteStartTransaction,
  RemoteStopTransaction: remoteStopTransaction,
  ChangeAvailability: changeAvailability,
  UnlockConnector: unlockConnector,
  Reset: reset,
  TriggerMessage: triggerMessage,
  GetConfiguration: getConfiguration,
  ChangeConfiguration: changeConfiguration,
  SetChargingProfile: setChargingProfile,
  ClearChargingProfile: clearChargingProfile,
  ...reservationCommands,
  DataTransfer: dataTransfer,
  SendLocalList: sendLocalList,
  GetLocalListVersion: getLocalListVersion,
  ClearCache: () => ({ status: 'Accepted' }),
};

/**
 * The answer in "reject commands" mode. GetConfiguration and GetLocalListVersion have no
 * refusal in OCPP 1.6 and change nothing, so they are answered as usual.
 */
export const rejections: Record<string, object | undefined> = {
  RemoteStartTransaction: { status: 'Rejected' },
  RemoteStopTransaction: { status: 'Rejected' },
  ChangeAvailability: { status: 'Rejected' },
  UnlockConnector: { status: 'UnlockFailed' },
  Reset: { status: 'Rejected' },
  TriggerMessage: { status: 'Rejected' },
  ChangeConfiguration: { status: 'Rejected' },
  SetChargingProfile: { status: 'Rejected' },
  ClearChargingProfile: { status: 'Unknown' },
  ReserveNow: { status: 'Rejected' },
  CancelReservation: { status: 'Rejected' },
  DataTransfer: { status: 'Rejected' },
  SendLocalList: { status: 'Failed' },
  ClearCache: { status: 'Rejected' },
};
