import { beforeAll, describe, expect, it } from 'vitest';
import { eventually } from '../../test/charge-points';
import { signedInUser } from '../../test/builders';
import { withTestServer } from '../../test/hooks';
import { chatCalls, chatClock, insertSession, OPEN_HOURS, type Person } from '../../test/messages';
import { addStation, insertTestTariff } from '../../test/station-builders';

// SPEC §7 Messages and feedback: the driver's conversation in order, a page at a time; the long
// poll after a cursor misses nothing and holds until there is news; unread counts and read
// marks; the closed-hours notice (SPEC §1); the session a message carries.

const clock = chatClock();
const server = withTestServer({ now: clock.now });
const { ok, send, sent, page, poll, newCount, read, answered, conversation, staffRead, heldPolls } =
  chatCalls(server);

let support: Person;
let tariffId: string;
beforeAll(async () => {
  support = await signedInUser(server, { name: 'Sam', staffRole: 'support' });
  tariffId = await insertTestTariff(server.db);
});

const HOUR_MS = 3_600_000;
const newDriver = () => signedInUser(server, { name: 'Marta' });

describe('the conversation', () => {
  it('keeps the messages in order, newest page first, and pages back before a seq', async () => {
    clock.at = OPEN_HOURS;
    const driver = await newDriver();
    const empty = await page(driver);
    expect(empty).toMatchObject({ items: [], hasMore: false, cursor: 0 });
    expect(empty.support).toEqual({
      open: true,
      opensAt: OPEN_HOURS.toISOString(),
      closesAt: '2026-11-26T19:00:00.000Z',
      answerMinutes: 30,
      fromHour: 9,
      toHour: 21,
      utcOffsetHours: 2,
    });

    const texts = ['one', 'two', 'three', 'four', 'five'];
    const seqs: number[] = [];
    for (const text of texts) seqs.push((await sent(driver, `  ${text} `)).message.seq);
    expect(seqs).toEqual([...seqs].sort((a, b) => a - b));

    const newest = await page(driver, { limit: 2 });
    expect(newest.items.map((m) => m.text)).toEqual(['four', 'five']);
    expect(newest).toMatchObject({ hasMore: true, cursor: seqs[4] });
    expect(newest.items[1]).toMatchObject({
      author: 'user',
      kind: 'message',
      staffName: null,
      files: [],
      session: null,
      readAt: null,
      createdAt: OPEN_HOURS.toISOString(),
    });
    const older = await page(driver, { limit: 2, before: newest.items[0]!.seq });
    expect(older.items.map((m) => m.text)).toEqual(['two', 'three']);
    expect(older.hasMore).toBe(true);
    const oldest = await page(driver, { limit: 2, before: older.items[0]!.seq });
    expect(oldest.items.map((m) => m.text)).toEqual(['one']);
    expect(oldest).toMatchObject({ hasMore: false, cursor: seqs[4] });

    // Feedback about the app goes into the same conversation, marked.
    const feedback = await sent(driver, 'The map is great', { kind: 'feedback' });
    expect(feedback.message.kind).toBe('feedback');
    // Blank text is refused and nothing is stored.
    expect((await send(driver, { text: '   ' })).status).toBe(400);
    expect((await page(driver)).items).toHaveLength(6);
  });

  it('never shows a driver another driver’s conversation', async () => {
    clock.at = OPEN_HOURS;
    const driver = await newDriver();
    const stranger = await newDriver();
    const mine = await sent(driver, 'my card was charged twice');
    await answered(support, driver, 'We are looking into it');
    expect((await page(stranger)).items).toEqual([]);
    const theirs = await poll(stranger, 0);
    expect(theirs.body.items.every((m) => m.id !== mine.message.id)).toBe(true);
    expect(theirs.body.items).toEqual([]);
    expect(await newCount(stranger)).toBe(0);
    // Reading far ahead marks nothing of another's and moves no mark past the own conversation.
    expect(await read(stranger, mine.message.seq + 100)).toBe(0);
    expect(await newCount(driver)).toBe(1);
  });
});

describe('the long poll', () => {
  it('answers what was written while no poll was open, from the old cursor on', async () => {
    clock.at = OPEN_HOURS;
    const driver = await newDriver();
    const first = await sent(driver, 'hello');
    const caughtUp = ok(await poll(driver, 0));
    expect(caughtUp.items.map((m) => m.id)).toEqual([first.message.id]);
    expect(caughtUp.cursor).toBe(first.message.seq);

    // The app was closed: support answered twice and the driver wrote from another device.
    const a = await answered(support, driver, 'Hi! How can we help?');
    const b = await sent(driver, 'station 12 does not start');
    const c = await answered(support, driver, 'Restarting it now');
    const resumed = ok(await poll(driver, caughtUp.cursor));
    expect(resumed.items.map((m) => m.id)).toEqual([a.id, b.message.id, c.id]);
    expect(resumed.items[0]).toMatchObject({ author: 'support', staffName: 'Sam' });
    expect(resumed.cursor).toBe(c.seq);

    // Nothing new: an empty answer after the wait keeps the cursor.
    expect(ok(await poll(driver, resumed.cursor))).toEqual({
      cursor: resumed.cursor,
      items: [],
      readUpTo: 0,
    });
  });

  it('holds until a new message, and answers it at once', async () => {
    clock.at = OPEN_HOURS;
    const driver = await newDriver();
    const { message } = await sent(driver, 'anyone there?');
    const before = await heldPolls();
    const held = poll(driver, message.seq, { wait: 20 });
    await eventually(async () => (await heldPolls()) > before);
    const began = Date.now();
    const reply = await answered(support, driver, 'Yes, here');
    const woken = ok(await held);
    expect(Date.now() - began).toBeLessThan(5000);
    expect(woken.items.map((m) => m.id)).toEqual([reply.id]);
    expect(woken.cursor).toBe(reply.seq);
  });

  it('answers when support reads the driver’s messages (the read mark the client holds moved)', async () => {
    clock.at = OPEN_HOURS;
    const driver = await newDriver();
    const { message } = await sent(driver, 'is the station free?');
    // The client's read mark differs from the server's: at once.
    const stale = ok(await poll(driver, message.seq, { wait: 20, read: 999 }));
    expect(stale).toEqual({ cursor: message.seq, items: [], readUpTo: 0 });

    const before = await heldPolls();
    const held = poll(driver, message.seq, { wait: 20, read: 0 });
    await eventually(async () => (await heldPolls()) > before);
    expect(await staffRead(support, driver, message.seq)).toBe(0);
    const woken = ok(await held);
    expect(woken).toEqual({ cursor: message.seq, items: [], readUpTo: message.seq });
    // The driver's message shows as read.
    expect((await page(driver)).items[0]?.readAt).toBe(OPEN_HOURS.toISOString());
  });
});

describe('unread messages and read marks', () => {
  it('counts support’s messages after the driver’s mark, and not the service’s notices', async () => {
    clock.at = new Date('2026-11-26T20:00:00Z'); // 22:00 in UTC+2: closed
    const driver = await newDriver();
    const { notice } = await sent(driver, 'late question');
    expect(notice).not.toBeNull();
    expect(await newCount(driver)).toBe(0);
    clock.at = OPEN_HOURS;
    const a = await answered(support, driver, 'Good morning');
    const b = await answered(support, driver, 'Anything else?');
    expect(await newCount(driver)).toBe(2);

    expect(await read(driver, a.seq)).toBe(1);
    const marked = await page(driver);
    expect(marked.items.find((m) => m.id === a.id)?.readAt).toBe(OPEN_HOURS.toISOString());
    expect(marked.items.find((m) => m.id === notice?.id)?.readAt).toBe(OPEN_HOURS.toISOString());
    expect(marked.items.find((m) => m.id === b.id)?.readAt).toBeNull();
    // A mark never moves back.
    expect(await read(driver, 0)).toBe(1);
    expect(await read(driver, b.seq)).toBe(0);
    // Support sees how far the driver has read.
    expect((await conversation(support, driver)).readUpTo).toBe(b.seq);
  });
});

describe('support hours', () => {
  it('adds one notice when the driver writes while support is closed, not repeated for hours', async () => {
    clock.at = new Date('2026-11-26T19:00:00Z'); // 21:00 in UTC+2: just closed
    const driver = await newDriver();
    const first = await sent(driver, 'my session did not stop');
    expect(first.notice).toMatchObject({
      author: 'system',
      kind: 'notice',
      staffName: null,
      session: null,
    });
    expect(first.notice!.seq).toBeGreaterThan(first.message.seq);
    const listed = await page(driver);
    expect(listed.support).toMatchObject({ open: false, opensAt: '2026-11-27T07:00:00.000Z' });
    expect(listed.items.map((m) => m.author)).toEqual(['user', 'system']);

    clock.at = new Date(clock.at.getTime() + 2 * HOUR_MS);
    expect((await sent(driver, 'still there?')).notice).toBeNull();
    // Six hours after the last notice, still closed (3:00 in UTC+2): the notice again.
    clock.at = new Date('2026-11-27T01:00:00Z');
    expect((await sent(driver, 'hello?')).notice).not.toBeNull();
    // Open again (9:00 in UTC+2): no notice.
    clock.at = new Date('2026-11-27T07:00:00Z');
    expect((await sent(driver, 'good morning')).notice).toBeNull();
    const authors = (await page(driver)).items.map((m) => m.author);
    expect(authors).toEqual(['user', 'system', 'user', 'user', 'system', 'user']);

    // 8:59 in UTC+2 is still closed.
    clock.at = new Date('2026-11-28T06:59:00Z');
    expect((await sent(driver, 'early bird')).notice).not.toBeNull();
  });

  it("follows the hours of the driver's brand: 8:00-22:00 at UTC+5 for the second one", async () => {
    // 18:30 UTC: 20:30 in UTC+2 (the SPEC's brand is open), 23:30 in UTC+5 (closed).
    clock.at = new Date('2026-11-26T18:30:00Z');
    const volt = await signedInUser(server, { name: 'Aida', brand: 'volt' });
    const first = await sent(volt, 'сессия не остановилась');
    expect(first.notice).not.toBeNull();
    expect((await page(volt)).support).toEqual({
      open: false,
      opensAt: '2026-11-27T03:00:00.000Z',
      closesAt: '2026-11-27T17:00:00.000Z',
      answerMinutes: 15,
      fromHour: 8,
      toHour: 22,
      utcOffsetHours: 5,
    });
    // The same moment, a driver of the SPEC's brand: support is open, no notice.
    expect((await sent(await newDriver(), 'a question')).notice).toBeNull();
  });
});

describe('the session a message carries', () => {
  it('attaches the running session, or one that ended lately, and only the driver’s own', async () => {
    clock.at = OPEN_HOURS;
    const station = await addStation(server, { lat: 55.7, lng: 37.6, tariffId });
    const driver = await newDriver();
    const stranger = await newDriver();
    // Nothing running and nothing lately: no session.
    await insertSession(server, {
      userId: driver.id,
      connectorId: station.connectorIds[0]!,
      tariffId,
      status: 'success',
      startedAt: new Date(OPEN_HOURS.getTime() - 30 * HOUR_MS),
      stoppedAt: new Date(OPEN_HOURS.getTime() - 29 * HOUR_MS),
    });
    expect((await sent(driver, 'a question')).message.session).toBeNull();

    const ended = await insertSession(server, {
      userId: driver.id,
      connectorId: station.connectorIds[0]!,
      tariffId,
      status: 'success',
      startedAt: new Date(OPEN_HOURS.getTime() - 3 * HOUR_MS),
      stoppedAt: new Date(OPEN_HOURS.getTime() - 2 * HOUR_MS),
    });
    expect((await sent(driver, 'why so expensive?')).message.session).toEqual({
      transactionId: ended.transactionId,
      status: 'success',
      stationName: expect.any(String),
      stationCode: station.code,
      connectorNumber: 1,
      energyWh: 7_500,
      costMinor: 11_250,
      currency: 'rub',
      stopReason: 'Local',
      startedAt: new Date(OPEN_HOURS.getTime() - 3 * HOUR_MS).toISOString(),
      stoppedAt: new Date(OPEN_HOURS.getTime() - 2 * HOUR_MS).toISOString(),
    });

    const running = await insertSession(server, {
      userId: driver.id,
      connectorId: station.connectorIds[0]!,
      tariffId,
      status: 'charging',
      startedAt: new Date(OPEN_HOURS.getTime() - 10 * 60_000),
    });
    const now = await sent(driver, 'it charges slowly');
    expect(now.message.session).toMatchObject({
      transactionId: running.transactionId,
      status: 'charging',
      stationCode: station.code,
      stoppedAt: null,
    });
    // Named explicitly: the driver's own earlier session.
    const named = await sent(driver, 'about that one', { transactionId: ended.transactionId });
    expect(named.message.session?.transactionId).toBe(ended.transactionId);
    // And in the page and the poll alike.
    const listed = await page(driver);
    expect(listed.items.at(-1)?.session?.transactionId).toBe(ended.transactionId);

    // Another driver's session is not found, and nothing is written.
    const before = (await page(stranger)).items.length;
    const refused = await send(stranger, { text: 'whose?', transactionId: running.transactionId });
    expect(refused.status).toBe(404);
    expect(refused.body).toMatchObject({ code: 'NOT_FOUND' });
    expect((await page(stranger)).items).toHaveLength(before);
  });
});
