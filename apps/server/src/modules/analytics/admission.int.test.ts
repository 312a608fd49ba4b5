import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { memoryAdmission, redisAdmission, type AdmissionLimits, type CountedEvent } from './admission';

// The analytics' bounds per tab and address (admission.ts) as several instances count them
// together in Redis (REDIS_URL, docs/deploy.md; scripts/ensure-redis.sh), and this instance
// alone when Redis does not answer.

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
/** A Redis database of its own per run, emptied first. */
const redisUrl = `${REDIS_URL.replace(/\/\d*$/, '')}/${1 + Math.floor(Math.random() * 15)}`;

const limits: AdmissionLimits = { perTab: 5, perAddress: 8, windowMs: 60_000, repeatMs: 10_000 };
const views = (n: number, from = 0): CountedEvent[] =>
  Array.from({ length: n }, (_, i) => ({ name: 'pageView', path: `/p/${String.fromCharCode(97 + from + i)}` }));
const now = new Date();

let redis: Redis;
beforeAll(async () => {
  redis = new Redis(redisUrl, { maxRetriesPerRequest: 1 });
  await redis.flushdb();
});
afterAll(async () => {
  await redis?.quit();
});

describe('in Redis', () => {
  it('two instances share the bounds of a tab and of its address, and its repeats', async () => {
    const [one, two] = [1, 2].map(() => redisAdmission(redis, limits, memoryAdmission(limits)));
    const address = `10.0.0.${randomBytes(1)[0]}`;
    const tab = randomBytes(16).toString('base64url');
    expect(await one!.admit(address, tab, views(3), now)).toEqual(views(3));
    // The same events on the other instance are repeats; new ones fill the tab's bound.
    expect(await two!.admit(address, tab, views(4), now)).toEqual(views(1, 3));
    expect(await two!.admit(address, tab, views(3, 4), now)).toEqual(views(1, 4));
    expect(await one!.admit(address, tab, views(3, 7), now)).toEqual([]);
    // Another tab of the address: only what is left of the address's bound.
    expect(await one!.admit(address, 'another-tab-0001', views(5, 10), now)).toEqual(views(3, 10));
    expect(await two!.admit(address, 'yet-another-tab1', views(5, 15), now)).toEqual([]);
    // Another address is not bounded by this one.
    expect(await two!.admit('10.1.1.1', tab, views(2), now)).toEqual(views(2));
  });

  it('counts this instance alone when Redis does not answer', async () => {
    const down = new Redis('redis://127.0.0.1:9', {
      maxRetriesPerRequest: 0,
      retryStrategy: () => null,
      lazyConnect: true,
    });
    down.on('error', () => undefined);
    const admission = redisAdmission(down, limits, memoryAdmission(limits));
    expect(await admission.admit('10.2.2.2', 'tab-down-000001', views(7), now)).toEqual(views(5));
    expect(await admission.admit('10.2.2.2', 'tab-down-000001', views(1), now)).toEqual([]);
    down.disconnect();
  });
});
