import type { Db } from '../db/client';
import { hashPassword } from '../crypto/passwords';
import {
  deleteChargePoint,
  findStationByCodeOrId,
  findStationChargePointId,
  findStationConnectors,
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
};

export type Registered = {
  id: string;
  stationId: string;
  stationCode: string;
  isNew: boolean;
  connectors: { number: number; socketType: string; powerW: number }[];
};

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
  const station = await findStationByCodeOrId(db, input.station, UUID.test(input.station));
  if (!station) throw new RegistrationError(`No station with the code or id ${input.station}`);
  const holder = await findStationChargePointId(db, station.id);
  if (holder && holder !== input.id && !input.replace) {
    throw new RegistrationError(
      `Station ${station.code} already has the charge point ${holder} (--replace removes it)`,
    );
  }
  const passwordHash = await hashPassword(input.password);
  if (holder && holder !== input.id) await deleteChargePoint(db, holder);
  const isNew = await upsertChargePoint(db, { id: input.id, stationId: station.id, passwordHash });
  return {
    id: input.id,
    stationId: station.id,
    stationCode: station.code,
    isNew,
    connectors: await findStationConnectors(db, station.id),
  };
}
