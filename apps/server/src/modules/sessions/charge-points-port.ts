import type { OCPP16 } from 'typed-ocpp';

// How modules reach a charge point: commands of the central system (OCPP 1.6 §5), whatever
// carries them. The OCPP transport implements this port (ocpp/gateway.ts); app.ts hands it
// in as `deps.chargePoints`, and no module imports the transport.

type Command<Request, Response> = (chargePointId: string, payload: Request) => Promise<Response>;

export type ChargePoints = {
  /** Its socket is on this instance. */
  isConnected(chargePointId: string): boolean;
  /**
   * Commands can reach a charge point whose socket is on another instance: then the
   * database's connected_at says whether any instance holds it (DESIGN.md Scale-out).
   */
  relaysCommands(): boolean;
  /** OCPP 1.6 §5.11 */
  remoteStartTransaction: Command<
    OCPP16.RemoteStartTransactionRequest,
    OCPP16.RemoteStartTransactionResponse
  >;
  /** OCPP 1.6 §5.12 */
  remoteStopTransaction: Command<
    OCPP16.RemoteStopTransactionRequest,
    OCPP16.RemoteStopTransactionResponse
  >;
  /** OCPP 1.6 §5.13 */
  reserveNow: Command<OCPP16.ReserveNowRequest, OCPP16.ReserveNowResponse>;
  /** OCPP 1.6 §5.1 */
  cancelReservation: Command<OCPP16.CancelReservationRequest, OCPP16.CancelReservationResponse>;
  /** OCPP 1.6 §5.2 */
  changeAvailability: Command<OCPP16.ChangeAvailabilityRequest, OCPP16.ChangeAvailabilityResponse>;
  /** OCPP 1.6 §5.15 */
  sendLocalList: Command<OCPP16.SendLocalListRequest, OCPP16.SendLocalListResponse>;
  /** OCPP 1.6 §5.10 */
  getLocalListVersion: Command<
    OCPP16.GetLocalListVersionRequest,
    OCPP16.GetLocalListVersionResponse
  >;
  /** OCPP 1.6 §5.6 */
  dataTransfer: Command<OCPP16.DataTransferRequest, OCPP16.DataTransferResponse>;
  /** OCPP 1.6 §5.14 */
  reset: Command<OCPP16.ResetRequest, OCPP16.ResetResponse>;
  /** OCPP 1.6 §5.18 */
  unlockConnector: Command<OCPP16.UnlockConnectorRequest, OCPP16.UnlockConnectorResponse>;
  /** OCPP 1.6 §5.16 */
  setChargingProfile: Command<OCPP16.SetChargingProfileRequest, OCPP16.SetChargingProfileResponse>;
  /** OCPP 1.6 §5.17 */
  triggerMessage: Command<OCPP16.TriggerMessageRequest, OCPP16.TriggerMessageResponse>;
  /** OCPP 1.6 §5.5 */
  clearChargingProfile: Command<
    OCPP16.ClearChargingProfileRequest,
    OCPP16.ClearChargingProfileResponse
  >;
};

/**
 * Why a command got no answer: `offline` (no socket, or it closed meanwhile), `timeout` (no
 * answer in time), `refused` (a CALLERROR such as NotImplemented, in `rpcErrorCode`). A
 * `Rejected` status is an answer, not a failure. The port's commands reject with one.
 */
export type CommandFailure = Error & {
  readonly reason: 'offline' | 'timeout' | 'refused';
  readonly chargePointId: string;
  readonly action: string;
  readonly rpcErrorCode?: string;
};

const failureReasons: readonly string[] = ['offline', 'timeout', 'refused'];

export function isCommandFailure(error: unknown): error is CommandFailure {
  return (
    error instanceof Error &&
    error.name === 'CommandError' &&
    failureReasons.includes(String((error as { reason?: unknown }).reason))
  );
}

/** A failure before any command went out (a connector with no charge point, say). */
export function commandFailure(
  reason: CommandFailure['reason'],
  chargePointId: string,
  action: string,
): CommandFailure {
  const error = new Error(`${action} to ${chargePointId}: ${reason}`);
  error.name = 'CommandError';
  return Object.assign(error, { reason, chargePointId, action });
}
