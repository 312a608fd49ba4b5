import { hash, verify } from '@node-rs/argon2';

// Passwords kept hashed, a driver's and a charge point's (OCPP 1.6 security profile 1, HTTP
// Basic) alike: argon2id with the library's defaults (19 MiB, 2 passes), ~80 ms to hash here.
export function hashPassword(password: string): Promise<string> {
  return hash(password);
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

let dummyHash: Promise<string> | undefined;

/** Spends the time of a real check, so an unknown login or charge point cannot be told apart by timing. */
export async function verifyNothing(password: string): Promise<false> {
  dummyHash ??= hashPassword('not-a-real-password-1A');
  await verifyPassword(await dummyHash, password);
  return false;
}
