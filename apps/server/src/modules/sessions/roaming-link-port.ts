// How the sessions module reaches a roaming partner's charge point (OCPI 2.2.1 §13 Commands):
// the roaming module implements it (app.ts wires it), as the OCPP gateway implements
// ChargePoints. A command is answered at once (CommandResponse); its result comes later to our
// commands endpoint and is handed to roamingCommandResult (roaming.ts).

export type RoamingCommandOutcome =
  | {
      kind: 'answered';
      result: 'ACCEPTED' | 'REJECTED' | 'NOT_SUPPORTED' | 'UNKNOWN_SESSION';
      /** How long the partner may take for the result (CommandResponse.timeout). */
      timeoutSeconds: number;
    }
  /**
   * No answer in time, the partner could not be reached, answered with an error, or with a
   * body that cut off or is not JSON (`unreadable`: it may have taken the command).
   */
  | { kind: 'failed'; reason: 'timeout' | 'unreachable' | 'refused' | 'unreadable' }
  /** The partner asked for no calls for a while (HTTP 429 Retry-After): nothing was sent. */
  | { kind: 'failed'; reason: 'busy'; retryAfterSeconds: number };

export type RoamingLink = {
  /** START_SESSION for the driver's app token at the partner's EVSE; `reference` is ours. */
  startSession(request: {
    partnerId: string;
    userId: string;
    locationId: string;
    evseUid: string;
    connectorId: string;
    reference: string;
  }): Promise<RoamingCommandOutcome>;
  /** STOP_SESSION of the partner's session; the result names `sessionId` (ours). */
  stopSession(request: {
    partnerId: string;
    ocpiSessionId: string;
    sessionId: string;
  }): Promise<RoamingCommandOutcome>;
  /**
   * OCPI 2.2.1 §12.2.2.3 real-time authorization, our side as CPO: may the partner's driver
   * charge at our Location with this token? The partner answers with its AllowedType and a
   * reference its session and CDR carry.
   */
  authorizeToken(request: {
    partnerId: string;
    uid: string;
    type: 'AD_HOC_USER' | 'APP_USER' | 'OTHER' | 'RFID';
    locationId: string;
  }): Promise<RoamingAuthorization>;
  /**
   * RESERVE_NOW (§13.3.3) of the partner's EVSE for the driver's app token until `expiresAt`;
   * `reservationId` is ours, and the result names it.
   */
  reserveNow(request: {
    partnerId: string;
    userId: string;
    reservationId: string;
    expiresAt: Date;
    locationId: string;
    evseUid: string;
  }): Promise<RoamingCommandOutcome>;
  /** CANCEL_RESERVATION (§13.3.1) of our reservation `reservationId` at the partner. */
  cancelReservation(request: { partnerId: string; reservationId: string }): Promise<RoamingCommandOutcome>;
};

export type RoamingAuthorization =
  | {
      kind: 'answered';
      allowed: 'ALLOWED' | 'BLOCKED' | 'EXPIRED' | 'NO_CREDIT' | 'NOT_ALLOWED';
      authorizationReference?: string;
    }
  /** No answer in time, the partner could not be reached, or does not know the token. */
  | { kind: 'failed' };
