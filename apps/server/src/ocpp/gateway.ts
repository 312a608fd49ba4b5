import type { OCPP16 } from 'typed-ocpp';
import ocppRpc from 'ocpp-rpc';
import type { Db } from '../db/client';
import type { Metrics } from '../metrics';
import type { Connections } from './connections';
import { RelayedCommandError, type CommandRelay, type LocalRun } from './command-relay';
import { recordHeartbeatInterval } from './repo';

// Commands from the central system to a charge point (OCPP 1.6 §5). The gateway implements
// the sessions module's ChargePoints port (app.ts hands it in as `deps.chargePoints`); a charge
// point's socket lives on one instance only (DESIGN.md Scale-out: commands for another
// instance's socket travel over the command relay).

/** The commands we send, with their request and answer types. */
export type Commands = {
  RemoteStartTransaction: [
    OCPP16.RemoteStartTransactionRequest,
    OCPP16.RemoteStartTransactionResponse,
  ];
  RemoteStopTransaction: [
    OCPP16.RemoteStopTransactionRequest,
    OCPP16.RemoteStopTransactionResponse,
  ];
  ReserveNow: [OCPP16.ReserveNowRequest, OCPP16.ReserveNowResponse];
  CancelReservation: [OCPP16.CancelReservationRequest, OCPP16.CancelReservationResponse];
  ChangeAvailability: [OCPP16.ChangeAvailabilityRequest, OCPP16.ChangeAvailabilityResponse];
  SendLocalList: [OCPP16.SendLocalListRequest, OCPP16.SendLocalListResponse];
  GetLocalListVersion: [OCPP16.GetLocalListVersionRequest, OCPP16.GetLocalListVersionResponse];
  DataTransfer: [OCPP16.DataTransferRequest, OCPP16.DataTransferResponse];
  UnlockConnector: [OCPP16.UnlockConnectorRequest, OCPP16.UnlockConnectorResponse];
  Reset: [OCPP16.ResetRequest, OCPP16.ResetResponse];
  TriggerMessage: [OCPP16.TriggerMessageRequest, OCPP16.TriggerMessageResponse];
  GetConfiguration: [OCPP16.GetConfigurationRequest, OCPP16.GetConfigurationResponse];
  ChangeConfiguration: [OCPP16.ChangeConfigurationRequest, OCPP16.ChangeConfigurationResponse];
  SetChargingProfile: [OCPP16.SetChargingProfileRequest, OCPP16.SetChargingProfileResponse];
  ClearChargingProfile: [OCPP16.ClearChargingProfileRequest, OCPP16.ClearChargingProfileResponse];
};
export type CommandAction = keyof Commands;

/**
 * Why a command got no answer: `offline` (no socket here, or it closed meanwhile),
 * `timeout` (no answer in OCPP_CALL_TIMEOUT_SECONDS), `refused` (a CALLERROR such as
 * NotImplemented, in `rpcErrorCode`). A `Rejected` status is an answer, not an error.
 */
export class CommandError extends Error {
  constructor(
    readonly reason: 'offline' | 'timeout' | 'refused',
    readonly chargePointId: string,
    readonly action: string,
    readonly rpcErrorCode?: string,
  ) {
    super(`${action} to ${chargePointId}: ${reason}${rpcErrorCode ? ` (${rpcErrorCode})` : ''}`);
    this.name = 'CommandError';
  }
}

type Send = <A extends CommandAction>(
  chargePointId: string,
  action: A,
  payload: Commands[A][0],
  options?: { timeoutMs?: number },
) => Promise<Commands[A][1]>;

type Helper<A extends CommandAction> = (
  chargePointId: string,
  payload: Commands[A][0],
) => Promise<Commands[A][1]>;

export type ChargePointGateway = {
  /** The socket is on this instance. */
  isConnected(chargePointId: string): boolean;
  /**
   * Commands can reach a charge point whose socket is on another instance (the relay is on):
   * then the database's connected_at says whether any instance holds it.
   */
  relaysCommands(): boolean;
  /** Takes commands for sockets elsewhere over the relay (DESIGN.md Scale-out). */
  attachRelay(relay: CommandRelay): void;
  /** Runs a relayed command on a socket of this instance; undefined when it holds none. */
  runLocal: LocalRun;
  connectedIds(): string[];
  send: Send;
  remoteStartTransaction: Helper<'RemoteStartTransaction'>;
  remoteStopTransaction: Helper<'RemoteStopTransaction'>;
  reserveNow: Helper<'ReserveNow'>;
  cancelReservation: Helper<'CancelReservation'>;
  changeAvailability: Helper<'ChangeAvailability'>;
  sendLocalList: Helper<'SendLocalList'>;
  getLocalListVersion: Helper<'GetLocalListVersion'>;
  dataTransfer: Helper<'DataTransfer'>;
  unlockConnector: Helper<'UnlockConnector'>;
  reset: Helper<'Reset'>;
  triggerMessage: Helper<'TriggerMessage'>;
  getConfiguration: Helper<'GetConfiguration'>;
  /** Also remembers an accepted HeartbeatInterval, which the liveness check relies on. */
  changeConfiguration: Helper<'ChangeConfiguration'>;
  setChargingProfile: Helper<'SetChargingProfile'>;
  clearChargingProfile: Helper<'ClearChargingProfile'>;
};

declare module 'fastify' {
  interface FastifyInstance {
    chargePoints: ChargePointGateway;
  }
}

function isRpcError(error: unknown): error is Error & { rpcErrorCode: string } {
  return (
    error instanceof Error && typeof (error as { rpcErrorCode?: unknown }).rpcErrorCode === 'string'
  );
}

export function createChargePointGateway(deps: {
  db: Db;
  metrics: Metrics;
  connections: Connections;
  callTimeoutMs: number;
}): ChargePointGateway {
  const { connections, metrics } = deps;
  let relay: CommandRelay | undefined;

  const relayed = async (
    chargePointId: string,
    action: CommandAction,
    payload: unknown,
    timeoutMs: number,
  ) => {
    if (!relay) throw new CommandError('offline', chargePointId, action);
    try {
      const answer = await relay.request(chargePointId, action, payload, timeoutMs);
      metrics.ocppMessages.inc({ action, direction: 'out', outcome: 'ok' });
      return answer;
    } catch (error) {
      metrics.ocppMessages.inc({ action, direction: 'out', outcome: 'error' });
      if (error instanceof RelayedCommandError)
        throw new CommandError(
          error.failure.reason,
          chargePointId,
          action,
          error.failure.rpcErrorCode,
        );
      throw new CommandError('offline', chargePointId, action);
    }
  };

  const send: Send = async (chargePointId, action, payload, options = {}) => {
    const connection = connections.get(chargePointId);
    const count = (outcome: 'ok' | 'error') =>
      metrics.ocppMessages.inc({ action, direction: 'out', outcome });
    if (!connection) {
      if (relay)
        return (await relayed(
          chargePointId,
          action,
          payload,
          options.timeoutMs ?? deps.callTimeoutMs,
        )) as Commands[typeof action][1];
      count('error');
      throw new CommandError('offline', chargePointId, action);
    }
    try {
      const answer = await connection.client.call(action, payload, {
        callTimeoutMs: options.timeoutMs ?? deps.callTimeoutMs,
      });
      count('ok');
      connection.log.debug({ action, payload, answer }, 'OCPP command answered');
      return answer as Commands[typeof action][1];
    } catch (error) {
      count('error');
      connection.log.info({ action, err: error }, 'OCPP command failed');
      // ocpp-rpc 2.2: the error classes are no ESM named exports; the default import has them.
      if (error instanceof ocppRpc.TimeoutError)
        throw new CommandError('timeout', chargePointId, action);
      if (isRpcError(error))
        throw new CommandError('refused', chargePointId, action, error.rpcErrorCode);
      // "Client disconnected", "Cannot make call while socket not open": the socket went away.
      throw new CommandError('offline', chargePointId, action);
    }
  };

  const helper =
    <A extends CommandAction>(action: A): Helper<A> =>
    (chargePointId, payload) =>
      send(chargePointId, action, payload);

  const runLocal: LocalRun = (chargePointId, action, payload, timeoutMs) => {
    if (!connections.get(chargePointId)) return undefined;
    return send(chargePointId, action as CommandAction, payload as never, { timeoutMs }).then(
      (answer) => ({ ok: true as const, answer }),
      (error: unknown) =>
        error instanceof CommandError
          ? {
              ok: false as const,
              reason: error.reason,
              ...(error.rpcErrorCode ? { rpcErrorCode: error.rpcErrorCode } : {}),
            }
          : { ok: false as const, reason: 'offline' as const },
    );
  };

  return {
    isConnected: (id) => connections.get(id) !== undefined,
    relaysCommands: () => relay !== undefined,
    attachRelay(next) {
      relay = next;
    },
    runLocal,
    connectedIds: () => connections.all().map((c) => c.chargePointId),
    send,
    remoteStartTransaction: helper('RemoteStartTransaction'),
    remoteStopTransaction: helper('RemoteStopTransaction'),
    reserveNow: helper('ReserveNow'),
    cancelReservation: helper('CancelReservation'),
    changeAvailability: helper('ChangeAvailability'),
    sendLocalList: helper('SendLocalList'),
    getLocalListVersion: helper('GetLocalListVersion'),
    dataTransfer: helper('DataTransfer'),
    unlockConnector: helper('UnlockConnector'),
    reset: helper('Reset'),
    triggerMessage: helper('TriggerMessage'),
    getConfiguration: helper('GetConfiguration'),
    async changeConfiguration(chargePointId, payload) {
      const answer = await send(chargePointId, 'ChangeConfiguration', payload);
      const seconds = Number(payload.value);
      if (
        payload.key === 'HeartbeatInterval' &&
        answer.status === 'Accepted' &&
        Number.isInteger(seconds) &&
        seconds >= 1
      ) {
        const connection = connections.get(chargePointId);
        if (connection) connection.heartbeatSeconds = seconds;
        await recordHeartbeatInterval(deps.db, chargePointId, Math.min(seconds, 86_400));
      }
      return answer;
    },
    setChargingProfile: helper('SetChargingProfile'),
    clearChargingProfile: helper('ClearChargingProfile'),
  };
}
