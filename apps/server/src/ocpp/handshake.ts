import type { IHandshakeInterface } from 'ocpp-rpc/lib/server-client';
import type { Db } from '../db/client';
import { verifyNothing, verifyPassword } from '../crypto/passwords';
import { commonPasswordHash, findChargePoint, type ChargePointRow } from './repo';

export const OCPP_SUBPROTOCOL = 'ocpp1.6';

export type HandshakeVerdict =
  | { isAccepted: true; chargePoint: ChargePointRow }
  | { isAccepted: false; status: 400 | 401; reason: string };

/** How long the cost of the stored charge points' hashes is taken as known. */
const STORED_COST_TTL_MS = 10 * 60_000;

const storedCosts = new WeakMap<Db, { at: number; like: Promise<string | undefined> }>();

/**
 * A stored charge point's hash of the cost most have, read at most every STORED_COST_TTL_MS:
 * the demo's charge points, whose passwords are public, are hashed cheaper than registered ones
 * (demo/charge-points.ts), and an unknown id must cost what a known one does.
 */
function storedHashLike(db: Db): Promise<string | undefined> {
  const known = storedCosts.get(db);
  if (known && Date.now() - known.at < STORED_COST_TTL_MS) return known.like;
  const like = commonPasswordHash(db).catch(() => undefined);
  storedCosts.set(db, { at: Date.now(), like });
  return like;
}

/**
 * Security profile 1 (OCPP 1.6 security whitepaper): HTTP Basic with the charge point id as
 * the user and its own password, checked before the upgrade completes. An unknown id and a
 * wrong password get the same answer in the same time (a check against a dummy hash of the
 * stored hashes' cost), so ids cannot be probed.
 */
export async function checkHandshake(
  db: Db,
  handshake: IHandshakeInterface,
): Promise<HandshakeVerdict> {
  // STACK.md: ocpp-rpc would otherwise accept a socket that never asked for OCPP 1.6.
  if (!handshake.protocols.has(OCPP_SUBPROTOCOL)) {
    return { isAccepted: false, status: 400, reason: `subprotocol ${OCPP_SUBPROTOCOL} required` };
  }
  // ocpp-rpc hands the password over as bytes (binary keys are allowed); ours are text.
  const password = handshake.password?.toString('utf8');
  const chargePoint = await findChargePoint(db, handshake.identity);
  if (!chargePoint || password === undefined) {
    await verifyNothing(password ?? '', await storedHashLike(db));
    return { isAccepted: false, status: 401, reason: 'Unauthorized' };
  }
  if (!(await verifyPassword(chargePoint.passwordHash, password))) {
    return { isAccepted: false, status: 401, reason: 'Unauthorized' };
  }
  return { isAccepted: true, chargePoint };
}
