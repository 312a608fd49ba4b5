import type { Db } from '../db/client';
import { hashPassword } from '../crypto/passwords';
import {
  deleteChargePoint,
  findStationByCodeOrId,
  findStationChargePointId,
  findStationConnectors,
  offerUnclaimed,
  upsertChargePoint,
} from './register-repo';

/** OCPP 1.6 chargePointId: CiString of up to 48 printable characters; ours stay URL-safe. */
export const chargePointIdPattern = /^[A-Za-z0-9._:-]{1,48}$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export class RegistrationError extends Error {
  override name = 'RegistrationError';
}

export type Registration = {
  id: string;
  password: string;
  /** The station's code or its uuid. */
  station: string;
  /** Remove the station's other charge point instead of refusing (a demo station's, say). */
  replace?: boolean;
  /**
   * SPEC §1 private stations: the station waits, unclaimed, for a driver to add it by its code
   * and this secret (printed beside the code; stored hashed).
   */
  privateSecret?: string;
};

export type Registered = {
  id: string;
  stationId: string;
  stationCode: string;
  isNew: boolean;
  connectors: { number: number; socketType: string; powerW: number }[];
  /** It waits unclaimed for a driver with its code and secret. */
  isUnclaimedPrivate: boolean;
};

/** What a secret printed beside a station code may be: long enough not to be guessed. */
export const PRIVATE_SECRET_MIN_LENGTH = 8;

/**
 * Creates a charge point for a station, or gives an existing one a new password or station.
 * A station has one charge point (its OCPP connectorIds are the station's connector numbers).
 */
export async function registerChargePoint(db: Db, input: Registration): Promise<Registered> {
  if (!chargePointIdPattern.test(input.id)) {
    throw new RegistrationError('The id must be 1-48 characters of A-Z a-z 0-9 . _ : -');
  }
  if (input.password.length < 1 || input.password.length > 64) {
    throw new RegistrationError('The password must be 1-64 characters');
  }
  const secret = input.privateSecret?.trim();
  if (secret !== undefined && (secret.length < PRIVATE_SECRET_MIN_LENGTH || secret.length > 64)) {
    throw new RegistrationError(
      `The private station's secret must be ${PRIVATE_SECRET_MIN_LENGTH}-64 characters`,
    );
  }
  const station = await findStationByCodeOrId(db, input.station, UUID.test(input.station));
  if (!station) throw new RegistrationError(`No station with the code or id ${input.station}`);
  if (secret !== undefined && station.ownerUserId !== null) {
    throw new RegistrationError(
      `Station ${station.code} belongs to a driver: they release it first (DELETE /api/chargestation/private/{id})`,
    );
  }
  const holder = await findStationChargePointId(db, station.id);
  if (holder && holder !== input.id && !input.replace) {
    throw new RegistrationError(
      `Station ${station.code} already has the charge point ${holder} (--replace removes it)`,
    );
  }
  const passwordHash = await hashPassword(input.password);
  if (holder && holder !== input.id) await deleteChargePoint(db, holder);
  const isNew = await upsertChargePoint(db, { id: input.id, stationId: station.id, passwordHash });
  if (secret !== undefined) await offerUnclaimed(db, station.id, await hashPassword(secret));
  return {
    id: input.id,
    stationId: station.id,
    stationCode: station.code,
    isNew,
    connectors: await findStationConnectors(db, station.id),
    isUnclaimedPrivate: secret !== undefined,
  };
}
