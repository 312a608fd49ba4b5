import { afterAll, beforeAll, expect, it } from 'vitest';
import { signedInUser } from '../../test/builders';
import { eventually } from '../../test/charge-points';
import { startTestServer, type TestServer } from '../../test/harness';
import { chatCalls, chatClock } from '../../test/messages';

// DESIGN.md Scale-out: two instances on one database. The driver writes through one; the
// support console's poll and the driver's other device wait on the other and wake at once
// (the charge events' bus, NOTIFY between instances).

const clock = chatClock();
let first: TestServer;
let second: TestServer;
beforeAll(async () => {
  first = await startTestServer({ listen: true, now: clock.now });
  second = await startTestServer({ database: first.database, now: clock.now });
});
afterAll(async () => {
  await second?.close();
  await first?.close();
});

it('wakes the console’s and the driver’s polls on one instance when a message comes on the other', async () => {
  const here = chatCalls(first);
  const there = chatCalls(second);
  const driver = await signedInUser(first);
  const support = await signedInUser(first, { staffRole: 'support' });
  const { message } = await here.sent(driver, 'first');

  const staffHeld = there.staffPoll(support, message.seq, 20);
  await eventually(async () => (await there.heldPolls()) >= 1);
  const began = Date.now();
  const next = await here.sent(driver, 'second');
  const woken = there.ok(await staffHeld);
  expect(Date.now() - began).toBeLessThan(5000);
  expect(woken.items.map((m) => [m.id, m.userId])).toEqual([[next.message.id, driver.id]]);

  const driverHeld = there.poll(driver, next.message.seq, { wait: 20 });
  await eventually(async () => (await there.heldPolls()) >= 1);
  const reply = await here.answered(support, driver, 'Hello from support');
  const heard = there.ok(await driverHeld);
  expect(heard.items.map((m) => m.id)).toEqual([reply.id]);
});
