import type { IHandshakeInterface } from 'ocpp-rpc/lib/server-client';
import type { Db } from '../db/client';
import { verifyNothing, verifyPassword } from '../crypto/passwords';
import { findChargePoint, type ChargePointRow } from './repo';

export const OCPP_SUBPROTOCOL = 'ocpp1.6';

export type HandshakeVerdict =
  | { isAccepted: true; chargePoint: ChargePointRow }
  | { isAccepted: false; status: 400 | 401; reason: string };

/**
 * Security profile 1 (OCPP 1.6 security whitepaper): HTTP Basic with the charge point id as
 * the user and its own password, checked before the upgrade completes. An unknown id and a
 * wrong password get the same answer in the same time, so ids cannot be probed.
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
    await verifyNothing(password ?? '');
    return { isAccepted: false, status: 401, reason: 'Unauthorized' };
  }
  if (!(await verifyPassword(chargePoint.passwordHash, password))) {
    return { isAccepted: false, status: 401, reason: 'Unauthorized' };
  }
  return { isAccepted: true, chargePoint };
}
