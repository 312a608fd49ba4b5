import { Writable } from 'node:stream';
import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import { loggerOptions } from '../../logger';
import { signedInUser } from '../../test/builders';
import { startTestServer, type TestServer } from '../../test/harness';
import { chatCalls, chatClock, OPEN_HOURS, type Person } from '../../test/messages';

// SPEC §7: a chat message wakes its driver's polls and the support console's. The console's
// inbox is a key of the event bus that is no account: it must never reach what follows the
// drivers' news (the roaming partners' session pushes, OCPI 2.2.1 §9), where it was looked up
// as a user id and every message logged a failed lookup.

const clock = chatClock();
const logLines: string[] = [];
const server = {} as TestServer;
const { sent, answered, staffPoll } = chatCalls(server);

let driver: Person;
let support: Person;
beforeAll(async () => {
  const stream = new Writable({
    write(chunk, _encoding, done) {
      logLines.push(String(chunk));
      done();
    },
  });
  Object.assign(
    server,
    await startTestServer({ now: clock.now, logger: { ...(loggerOptions('warn') as object), stream } }),
  );
  [driver, support] = await Promise.all([
    signedInUser(server, { name: 'Marta' }),
    signedInUser(server, { name: 'Sam', staffRole: 'support' }),
  ]);
});
afterAll(() => server.close?.());
beforeEach(() => {
  clock.at = OPEN_HOURS;
  logLines.length = 0;
});

it('a driver writing and support answering log no warning or error, and the console still wakes', async () => {
  const start = await staffPoll(support, 0);
  // The console waits for news; the driver's message wakes it long before the wait ends.
  const waiting = staffPoll(support, start.body.cursor, 20);
  const asked = Date.now();
  await sent(driver, 'The connector is stuck');
  const woken = await waiting;
  expect(woken.body.items.map((item) => item.text)).toEqual(['The connector is stuck']);
  expect(Date.now() - asked).toBeLessThan(10_000);
  await answered(support, driver, 'We are unlocking it');
  await sent(driver, 'Thank you');
  // Whatever the news started in the background has run.
  await server.app.roamingSessions.settled();
  const warnings = logLines
    .map((line) => JSON.parse(line) as { level: number; msg: string; err?: { message?: string } })
    .filter((line) => line.level >= 40)
    .map((line) => `${line.msg}: ${line.err?.message ?? ''}`);
  expect(warnings).toEqual([]);
});
