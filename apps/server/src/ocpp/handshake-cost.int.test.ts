import { parseOptions } from '@node-rs/argon2';
import type { IHandshakeInterface } from 'ocpp-rpc/lib/server-client';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Database } from '../db/client';
import { demoChargePointPassword, insertDemoChargePoints } from '../demo/charge-points';
import { openTestDatabase } from '../test/database';
import { insertTestStations } from '../test/station-builders';
import { checkHandshake } from './handshake';
import { registerChargePoint } from './register';

// Security profile 1: an unknown charge point id costs the same password check as a known one
// (OCPP 1.6 security whitepaper; OWASP ASVS 2.2.1), so ids cannot be told apart by the time of
// the refusal. The check's cost is in the hash it verifies against: its PHC string's m, t, p.

const checked = vi.hoisted(() => [] as string[]);

vi.mock('@node-rs/argon2', async (importOriginal) => {
  const argon2 = await importOriginal<typeof import('@node-rs/argon2')>();
  return {
    ...argon2,
    verify: (hashed: string | Uint8Array, ...rest: [string | Uint8Array]) => {
      checked.push(String(hashed));
      return argon2.verify(hashed, ...rest);
    },
  };
});

let database: Database;

beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(async () => {
  await database?.close();
});
beforeEach(() => {
  checked.length = 0;
});

function handshake(identity: string, password: string): IHandshakeInterface {
  return {
    identity,
    password: Buffer.from(password),
    protocols: new Set(['ocpp1.6']),
  } as Partial<IHandshakeInterface> as IHandshakeInterface;
}

/** The cost of the one password check a refused handshake made. */
async function refusedCheckCost(identity: string, password: string, on = database) {
  checked.length = 0;
  expect(await checkHandshake(on.db, handshake(identity, password))).toMatchObject({
    isAccepted: false,
    status: 401,
  });
  expect(checked).toHaveLength(1);
  const { memoryCost, timeCost, parallelism, algorithm, version } = parseOptions(checked[0]!);
  return { memoryCost, timeCost, parallelism, algorithm, version };
}

describe('the handshake of an unknown charge point id', () => {
  it('costs what a known id of the demo costs: the dummy hash has the stored hashes’ parameters', async () => {
    // The demo's charge points (their passwords are public, so their hashes are cheap) and one
    // registered the ordinary way.
    const stations = await insertTestStations(
      database.db,
      [0, 1, 2, 3].map((i) => ({ lat: 10 + i, lng: 20 + i })),
    );
    expect(await insertDemoChargePoints(database.db)).toBe(4);
    const [demo, registered] = stations as [(typeof stations)[0], (typeof stations)[0]];
    await registerChargePoint(database.db, {
      id: 'CP-REGISTERED',
      password: 'a-real-password-1',
      station: registered.id,
      replace: true,
    });

    // The right password opens the demo's charge point (its hash is the cheap one).
    const accepted = await checkHandshake(
      database.db,
      handshake(demo.code, demoChargePointPassword(demo.code)),
    );
    expect(accepted.isAccepted).toBe(true);
    const stored = parseOptions(checked.at(-1)!);
    expect(stored.memoryCost).toBeLessThan(19_456);

    const known = await refusedCheckCost(demo.code, 'wrong-password');
    expect(known).toMatchObject({ memoryCost: stored.memoryCost, timeCost: stored.timeCost });
    expect(await refusedCheckCost('CP-NOBODY', 'wrong-password')).toEqual(known);
    expect(await refusedCheckCost('CP-NOBODY-ELSE', demoChargePointPassword(demo.code))).toEqual(
      known,
    );
  });

  it('costs the ordinary check where charge points are registered the ordinary way', async () => {
    const own = await openTestDatabase();
    try {
      const [station] = await insertTestStations(own.db, [{ lat: 30, lng: 40 }]);
      await registerChargePoint(own.db, {
        id: 'CP-REAL',
        password: 'a-real-password-2',
        station: station!.id,
      });
      const known = await refusedCheckCost('CP-REAL', 'wrong-password', own);
      expect(known).toMatchObject({ memoryCost: 19_456, timeCost: 2 });
      expect(await refusedCheckCost('CP-NOBODY', 'wrong-password', own)).toEqual(known);
    } finally {
      await own.close();
    }
  });
});
