import { beforeEach, expect, it, vi } from 'vitest';
import type { Db } from '../../db/client';
import type { ReadingWrite, ReadingWritten } from './meter-repo';
import { recordRunningReadings } from './reading-batches';

// Group commit of MeterValues writes: the database is stood in for by a fake recordReadings
// whose statements finish when the test says.

type Statement = { writes: readonly ReadingWrite[]; finish: (fail?: string) => void };
const statements: Statement[] = [];
vi.mock('./meter-repo', () => ({
  recordReadings: (_db: Db, _statuses: unknown, writes: readonly ReadingWrite[]) =>
    new Promise<(ReadingWritten | undefined)[]>((resolve, reject) => {
      statements.push({
        writes,
        finish: (fail) => {
          if (fail && writes.some((w) => w.sessionId === fail)) reject(new Error(`bad ${fail}`));
          else resolve(writes.map((w) => ({ version: `v-${w.sessionId}`, balanceCapMinor: 1 })));
        },
      });
    }),
}));

const write = (sessionId: string) =>
  ({ sessionId, version: '1', samples: [], set: {}, event: {} }) as unknown as ReadingWrite;
const ids = (statement: Statement | undefined) => statement?.writes.map((w) => w.sessionId);
const settle = () => new Promise((resolve) => setImmediate(resolve));
let db: Db;
beforeEach(() => {
  statements.length = 0;
  db = {} as Db; // a database of its own: its own queue
});

it('sends at once while two statements run, then every write that waited in one', async () => {
  const answers = ['a', 'b', 'c', 'd', 'e'].map((id) => recordRunningReadings(db, write(id)));
  expect(statements.map(ids)).toEqual([['a'], ['b']]);
  statements[0]!.finish();
  await settle();
  expect(statements.map(ids)).toEqual([['a'], ['b'], ['c', 'd', 'e']]);
  statements[1]!.finish();
  statements[2]!.finish();
  expect(await Promise.all(answers)).toEqual(
    ['a', 'b', 'c', 'd', 'e'].map((id) => ({ version: `v-${id}`, balanceCapMinor: 1 })),
  );
});

it('when a grouped statement fails, writes each again alone: only the bad one fails', async () => {
  const first = [recordRunningReadings(db, write('a')), recordRunningReadings(db, write('b'))];
  const grouped = ['c', 'bad', 'd'].map((id) => recordRunningReadings(db, write(id)));
  const outcomes = Promise.allSettled(grouped);
  statements[0]!.finish();
  await settle();
  statements[2]!.finish('bad');
  await settle();
  expect(statements.slice(3).map(ids)).toEqual([['c'], ['bad'], ['d']]);
  for (const statement of statements.slice(3)) statement.finish('bad');
  statements[1]!.finish();
  await Promise.all(first);
  const settled = await outcomes;
  expect(settled.map((o) => o.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
  expect((settled[1] as PromiseRejectedResult).reason).toEqual(new Error('bad bad'));
});
