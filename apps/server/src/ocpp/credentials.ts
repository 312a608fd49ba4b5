import { hash, verify } from '@node-rs/argon2';

// A charge point's password (OCPP 1.6 security whitepaper, security profile 1: HTTP Basic) is
// the transport's own credential, kept hashed like a driver's: argon2id with the library's
// defaults.

export function hashChargePointPassword(password: string): Promise<string> {
  return hash(password);
}

export async function verifyChargePointPassword(
  passwordHash: string,
  password: string,
): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

let dummyHash: Promise<string> | undefined;

/** Spends the time of a real check, so an unknown charge point id cannot be told by timing. */
export async function verifyNoChargePoint(password: string): Promise<false> {
  dummyHash ??= hashChargePointPassword('not-a-real-password-1A');
  await verifyChargePointPassword(await dummyHash, password);
  return false;
}
