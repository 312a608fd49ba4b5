import type { OCPP16 } from 'typed-ocpp';
import type { ConnectorStatus } from '@evcharge/domain/connector-status';
import type { ReportedStatus as ReportEntry } from '../db/schema/ocpp';
import type { ChargePointConnection } from './connections';

// What the transport hands on once a message is valid OCPP: the rest of the server
// implements these (sessions for transactions, stations for connector statuses) and app.ts
// wires them in. The transport itself imports no module.

/** The charge point a message came from (the handshake proved who it is). */
export type Sender = Pick<ChargePointConnection, 'chargePointId' | 'stationId' | 'log'>;

type IdTagInfo = OCPP16.AuthorizeResponse['idTagInfo'];
type ReportedStatus = OCPP16.StatusNotificationRequest['status'];

/** A StatusNotification for one connector (its OCPP number) of the sender's station. */
export type ConnectorReportEvent = Pick<Sender, 'chargePointId' | 'stationId'> & {
  connectorNumber: number;
  /** As the charge point sent it, kept with its other reports. */
  reported: ReportEntry;
  status: ConnectorStatus;
  /** From when the connector shows `status`. */
  at: Date;
};

/** What is open on a connector, read with its status (connectorReported). */
export type ConnectorOccupancy = { hasActiveSession: boolean; hasOpenBinding: boolean };

export type ChargePointEvents = {
  /** OCPP 1.6 §4.1: may this idTag charge here (and its parentIdTag, for a reservation)? */
  authorize(from: Sender, idTag: string): Promise<IdTagInfo>;
  /** OCPP 1.6 §4.8: the answer carries the session's transactionId, or a refusal. */
  startTransaction(
    from: Sender,
    request: OCPP16.StartTransactionRequest,
  ): Promise<OCPP16.StartTransactionResponse>;
  /** OCPP 1.6 §4.7: readings of a running transaction. */
  meterValues(from: Sender, request: OCPP16.MeterValuesRequest): Promise<void>;
  /** OCPP 1.6 §4.10: may arrive twice; a repeat changes nothing. */
  stopTransaction(
    from: Sender,
    request: OCPP16.StopTransactionRequest,
  ): Promise<OCPP16.StopTransactionResponse>;
  /**
   * A connector (OCPP connectorId = its number) shows `status` from `at` on, in the database
   * and on the map. Returns the connector's id; undefined when the station has no such one.
   */
  connectorStatus(
    stationId: string,
    connectorNumber: number,
    status: ConnectorStatus,
    at: Date,
  ): Promise<string | undefined>;
  /**
   * OCPP 1.6 §4.9: a StatusNotification for a connector (its number) in one round trip: the
   * report is kept with the charge point's others, and the connector shows `status` from `at`
   * as connectorStatus does it. Says whether a session or an RFID wizard is open on the
   * connector (only then can sessionConnectorStatus change anything); undefined when the station
   * has no such connector (the report is kept all the same).
   */
  connectorReported(
    report: ConnectorReportEvent,
  ): Promise<(ConnectorOccupancy & { connectorId: string }) | undefined>;
  /**
   * OCPP 1.6 §4.2: the charge point booted and was accepted. Whatever it is sent in answer
   * (its local authorization list) goes after the BootNotification's answer.
   */
  booted(from: Sender): void;
  /** The charge point is offline: every connector of its station shows 'unavailable'. */
  stationUnavailable(stationId: string, at: Date): Promise<void>;
  /**
   * OCPP 1.6 §4.9: the session on a connector follows the status reported at `at`, and so
   * does an RFID wizard waiting there. `occupancy`, when known, spares looking for either.
   */
  sessionConnectorStatus(
    from: Sender,
    connectorId: string,
    status: ReportedStatus,
    at: Date,
    occupancy?: ConnectorOccupancy,
  ): Promise<void>;
};
