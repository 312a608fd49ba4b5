import { hash, parseOptions, verify } from '@node-rs/argon2';

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

/**
 * What a PHC string ($argon2id$v=19$m=19456,t=2,p=1$salt$hash) says a check against it costs:
 * its algorithm, version, memory, passes, lanes and output length; undefined for a string
 * that is not an argon2 hash.
 */
export function hashCost(passwordHash: string) {
  try {
    const { algorithm, version, memoryCost, timeCost, parallelism, outputLen } =
      parseOptions(passwordHash);
    return { algorithm, version, memoryCost, timeCost, parallelism, outputLen };
  } catch {
    return undefined;
  }
}

const dummyHashes = new Map<string, Promise<string>>();

/**
 * A hash of no one's password costing what a check against `like` costs (hashPassword's cost
 * without it, or when `like` is no argon2 hash); one per cost, made once.
 */
function dummyHash(like: string | undefined): Promise<string> {
  const cost = like === undefined ? undefined : hashCost(like);
  const key = cost ? JSON.stringify(cost) : 'hashPassword';
  let dummy = dummyHashes.get(key);
  if (!dummy) {
    const ordinary = () => hashPassword('not-a-real-password-1A');
    dummy = cost ? hash('not-a-real-password-1A', cost).catch(ordinary) : ordinary();
    dummyHashes.set(key, dummy);
  }
  return dummy;
}

/**
 * Spends the time of a real check, so an unknown login or charge point cannot be told apart by
 * timing: of a check against a hash like `like` (the hashes its kind are stored with), else
 * against one hashPassword makes.
 */
export async function verifyNothing(password: string, like?: string): Promise<false> {
  await verifyPassword(await dummyHash(like), password);
  return false;
}
