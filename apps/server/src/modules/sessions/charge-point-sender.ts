import type { FastifyBaseLogger } from 'fastify';

/** The charge point a message came from: the transport proved who it is and where it stands. */
export type ChargePointSender = {
  chargePointId: string;
  stationId: string;
  /** Logs with the charge point's id. */
  log: FastifyBaseLogger;
  /** When its socket opened: what it says happened before, it did while we could not hear. */
  connectedAt?: Date;
};
