import { eq, inArray } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { deleteAccount } from '@evcharge/api/account/account';
import {
  answerConversation,
  getConversationContext,
  getStaffSelf,
  listConversationMessages,
  listConversations,
  readConversation,
  subscribeSupport,
} from '@evcharge/api/admin/support';
import { createCar } from '@evcharge/api/cars/cars';
import { createFeedback } from '@evcharge/api/feedbacks/feedbacks';
import type { Contract } from '@evcharge/api/contract';
import { sendMessageFiles } from '@evcharge/api/messages/messages';
import { userEvents } from '../../db/schema/notifications';
import { messageFiles, messages, supportConversations } from '../../db/schema/social';
import { signedInUser } from '../../test/builders';
import type { CallInput } from '../../test/harness';
import { withTestServer } from '../../test/hooks';
import { chatCalls, chatClock, insertSession, OPEN_HOURS, type Person } from '../../test/messages';
import { base64 } from '../../test/reviews';
import { addStation, insertTestTariff } from '../../test/station-builders';

// SPEC §6 support staff: support agents and administrators answer the chat from the console;
// drivers and moderators meet every support route as one that does not exist. The inbox shows
// who waits longest first; an answer reaches the driver's devices (supportAnswered).

const clock = chatClock();
const server = withTestServer({ now: clock.now });
const { ok, sent, inbox, answered, conversation, staffRead, staffPoll } = chatCalls(server);

let support: Person;
let admin: Person;
let moderator: Person;
let driver: Person;
beforeAll(async () => {
  clock.at = OPEN_HOURS;
  [support, admin, moderator, driver] = await Promise.all([
    signedInUser(server, { name: 'Sam', staffRole: 'support' }),
    signedInUser(server, { name: 'Ada', staffRole: 'admin' }),
    signedInUser(server, { name: 'Mod', staffRole: 'moderator' }),
    signedInUser(server, { name: 'Marta', surname: 'Ivanova', phone: '+79990007777' }),
  ]);
});

const MINUTE_MS = 60_000;
const later = (minutes: number) => {
  clock.at = new Date(clock.at.getTime() + minutes * MINUTE_MS);
};

describe('the role matrix', () => {
  /** Every support route, with the input it needs, and the status it answers staff. */
  const supportRoutes = (): [Contract, CallInput, number][] => [
    [listConversations, {}, 200],
    [getConversationContext, { params: { userId: driver.id } }, 200],
    [listConversationMessages, { params: { userId: driver.id } }, 200],
    [subscribeSupport, { params: { cursor: 0 }, query: { wait: 0 } }, 200],
    [answerConversation, { params: { userId: driver.id }, body: { text: 'Hello' } }, 201],
    [readConversation, { params: { userId: driver.id }, body: { upTo: 0 } }, 200],
  ];

  it('answers drivers and moderators 404 on every support route, and changes nothing', async () => {
    clock.at = OPEN_HOURS;
    await sent(driver, 'is anyone there?');
    const before = await server.db.select().from(messages);
    for (const who of [driver, moderator]) {
      for (const [contract, input] of supportRoutes()) {
        const answer = await server.call(contract, { ...input, token: who.token });
        expect(answer.status, `${contract.path} for ${who.email}`).toBe(404);
        expect(answer.body).toMatchObject({ code: 'NOT_FOUND' });
      }
    }
    expect(await server.db.select().from(messages)).toEqual(before);
    expect((await server.call(getStaffSelf, { token: driver.token })).status).toBe(404);
  });

  it('lets support agents and administrators use every one', async () => {
    for (const who of [support, admin]) {
      for (const [contract, input, status] of supportRoutes()) {
        const answer = await server.call(contract, { ...input, token: who.token });
        expect(answer.status, `${contract.path} for ${who.email}`).toBe(status);
      }
    }
  });

  it('tells any staff member who they are', async () => {
    for (const [who, name, role] of [
      [support, 'Sam', 'support'],
      [admin, 'Ada', 'admin'],
      [moderator, 'Mod', 'moderator'],
    ] as const) {
      const self = ok(await server.call(getStaffSelf, { token: who.token }));
      expect(self).toEqual({ id: who.id, name, email: who.email, role });
    }
  });

  it('answers a conversation of nobody as not found', async () => {
    const nobody = { id: '00000000-0000-4000-8000-000000000000' };
    const answer = await server.call(listConversationMessages, {
      token: support.token,
      params: { userId: nobody.id },
    });
    expect(answer.status).toBe(404);
  });
});

describe('the inbox', () => {
  it('lists the unanswered first, longest waiting first, then the latest, with unread counts', async () => {
    clock.at = new Date('2026-12-01T08:00:00Z');
    const [first, second, answeredOne] = await Promise.all([
      signedInUser(server, { name: 'First' }),
      signedInUser(server, { name: 'Second' }),
      signedInUser(server, { name: 'Answered' }),
    ]);
    await sent(answeredOne, 'thanks in advance');
    later(1);
    const waitingFrom = clock.at.toISOString();
    const f1 = await sent(first, 'my card does not work');
    later(1);
    await sent(second, 'the app is nice', { kind: 'feedback' });
    later(1);
    await sent(first, 'hello?');
    later(1);
    const newest = await answered(support, answeredOne, 'You are welcome');

    const listed = await inbox(support);
    // The console's live feed follows from the newest message.
    expect(listed.cursor).toBe(newest.seq);
    const ours = listed.items.filter((c) =>
      [first.id, second.id, answeredOne.id].includes(c.user.id),
    );
    expect(ours.map((c) => c.user.id)).toEqual([first.id, second.id, answeredOne.id]);
    expect(ours[0]).toEqual({
      user: { id: first.id, name: 'First', surname: null, email: first.email, phone: null },
      waitingSince: waitingFrom,
      lastMessageAt: new Date(clock.at.getTime() - MINUTE_MS).toISOString(),
      lastText: 'hello?',
      lastAuthor: 'user',
      unread: 2,
      hasFeedback: false,
    });
    expect(ours[1]).toMatchObject({ hasFeedback: true, unread: 1, lastText: 'the app is nice' });
    expect(ours[2]).toMatchObject({
      waitingSince: null,
      lastAuthor: 'support',
      lastText: 'You are welcome',
      unread: 1,
    });
    // Waiting conversations come before every answered one.
    const firstAnswered = listed.items.findIndex((c) => c.waitingSince === null);
    expect(listed.items.slice(firstAnswered).every((c) => c.waitingSince === null)).toBe(true);
    expect(listed.waiting).toBe(listed.items.filter((c) => c.waitingSince !== null).length);

    // Support reads the first message: one left unread.
    expect(await staffRead(support, first, f1.message.seq)).toBe(1);
    const read = (await inbox(admin)).items.find((c) => c.user.id === first.id);
    expect(read).toMatchObject({ unread: 1 });
    // The answer ends the wait, and the feedback mark with it.
    await answered(admin, second, 'Thank you!');
    const after = (await inbox(support)).items.find((c) => c.user.id === second.id);
    expect(after).toMatchObject({ waitingSince: null, hasFeedback: false });
  });

  it('pages thirty at a time', async () => {
    const total = (await inbox(support)).total;
    const drivers = await Promise.all(
      Array.from({ length: Math.max(0, 31 - total) }, () => signedInUser(server)),
    );
    for (const who of drivers) await sent(who, 'hi');
    const [one, two] = [await inbox(support, 1), await inbox(support, 2)];
    expect(one.items).toHaveLength(30);
    expect(two.items.length).toBe(one.total - 30);
    const ids = new Set([...one.items, ...two.items].map((c) => c.user.id));
    expect(ids.size).toBe(one.total);
  });
});

describe('a conversation in the console', () => {
  it('shows the driver’s profile, cars and sessions beside the chat', async () => {
    clock.at = OPEN_HOURS;
    const tariffId = await insertTestTariff(server.db);
    const station = await addStation(server, { lat: 55.7, lng: 37.6, tariffId });
    const who = await signedInUser(server, { name: 'Vera', surname: 'Petrova' });
    ok(await server.call(createCar, { token: who.token, body: { name: 'Leaf' } }), 201);
    const connectorId = station.connectorIds[0]!;
    const finished = [];
    for (let i = 6; i >= 1; i -= 1) {
      finished.push(
        await insertSession(server, {
          userId: who.id,
          connectorId,
          tariffId,
          status: 'success',
          startedAt: new Date(OPEN_HOURS.getTime() - i * 48 * 60 * MINUTE_MS),
          stoppedAt: new Date(OPEN_HOURS.getTime() - i * 48 * 60 * MINUTE_MS + 30 * MINUTE_MS),
        }),
      );
    }
    const running = await insertSession(server, {
      userId: who.id,
      connectorId,
      tariffId,
      status: 'charging',
      startedAt: new Date(OPEN_HOURS.getTime() - 5 * MINUTE_MS),
    });
    await sent(who, 'charging is slow');

    const context = ok(
      await server.call<{
        user: { id: string; name: string; surname: string | null; balanceMinor: number };
        cars: { name: string }[];
        activeSessions: { transactionId: number }[];
        lastSessions: { transactionId: number }[];
      }>(getConversationContext, { token: support.token, params: { userId: who.id } }),
    );
    expect(context.user).toMatchObject({
      id: who.id,
      name: 'Vera',
      surname: 'Petrova',
      balanceMinor: 0,
    });
    expect(context.cars.map((c) => c.name)).toEqual(['Leaf']);
    expect(context.activeSessions.map((s) => s.transactionId)).toEqual([running.transactionId]);
    // The latest five, the running one first.
    expect(context.lastSessions.map((s) => s.transactionId)).toEqual([
      running.transactionId,
      ...finished
        .slice(2)
        .reverse()
        .map((s) => s.transactionId),
    ]);

    const chat = await conversation(support, who);
    expect(chat.items).toHaveLength(1);
    expect(chat.items[0]?.session?.transactionId).toBe(running.transactionId);
  });

  it('records supportAnswered for the driver’s devices, once per answer', async () => {
    clock.at = OPEN_HOURS;
    const who = await signedInUser(server);
    await sent(who, 'where is my refund?');
    const reply = await answered(support, who, 'It is on its way, 2–3 days.');
    expect(reply).toMatchObject({ author: 'support', staffName: 'Sam', kind: 'message' });
    // The event is recorded before the answer returns; only the push runs in the background.
    const events = await server.db.select().from(userEvents).where(eq(userEvents.userId, who.id));
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({
      type: 'supportAnswered',
      dedupeKey: reply.id,
      data: { text: 'It is on its way, 2–3 days.', seq: reply.seq, messageId: reply.id },
    });
    await answered(support, who, 'Anything else?');
    expect(
      await server.db.select().from(userEvents).where(eq(userEvents.userId, who.id)),
    ).toHaveLength(2);
  });
});

describe('the console’s long poll', () => {
  it('gets every message of concurrent sends, in seq order, none skipped', async () => {
    clock.at = OPEN_HOURS;
    const writers = await Promise.all(Array.from({ length: 6 }, () => signedInUser(server)));
    const start = (await sent(writers[0]!, 'start')).message.seq;
    let sending = true;
    const seen: number[] = [];
    const poller = (async () => {
      let cursor = start;
      for (;;) {
        const wasSending = sending;
        const answer = ok(await staffPoll(support, cursor));
        seen.push(...answer.items.map((m) => m.seq));
        cursor = answer.cursor;
        if (!wasSending && answer.items.length === 0) return;
      }
    })();
    const sends = await Promise.all(
      writers.flatMap((who, w) =>
        Array.from({ length: 5 }, (_, i) => sent(who, `message ${i} of writer ${w}`)),
      ),
    );
    sending = false;
    await poller;
    const written = sends.map((s) => s.message.seq).sort((a, b) => a - b);
    expect(seen).toEqual(written);
  });

  it('holds until a driver writes, and names the driver', async () => {
    clock.at = OPEN_HOURS;
    const who = await signedInUser(server);
    const cursor = (await sent(who, 'first')).message.seq;
    const held = staffPoll(support, cursor, 20);
    const { message } = await sent(who, 'second');
    const woken = ok(await held);
    expect(woken.items.map((m) => [m.id, m.userId])).toEqual([[message.id, who.id]]);
  });
});

describe('deleting an account', () => {
  it('removes the driver’s conversation, its files and its inbox row', async () => {
    clock.at = OPEN_HOURS;
    const who = await signedInUser(server);
    await sent(who, 'please delete my data');
    const file = Buffer.from('%PDF-1.4\n%%EOF\n', 'latin1');
    const mine = ok(
      await server.call<{ message: { files: { id: string }[] } }>(sendMessageFiles, {
        token: who.token,
        body: { text: 'my contract', files: [{ name: 'a.pdf', data: base64(file) }] },
      }),
      201,
    );
    const reply = ok(
      await server.call<{ files: { id: string }[] }>(answerConversation, {
        token: support.token,
        params: { userId: who.id },
        body: { text: 'your file', files: [{ name: 'b.pdf', data: base64(file) }] },
      }),
      201,
    );
    const fileIds = [mine.message.files[0]!.id, reply.files[0]!.id];
    const deleted = await server.call(deleteAccount, {
      token: who.token,
      body: { password: who.password },
    });
    expect(deleted.status, JSON.stringify(deleted.body)).toBe(200);
    expect(await server.db.select().from(messages).where(eq(messages.userId, who.id))).toEqual([]);
    expect(
      await server.db
        .select()
        .from(supportConversations)
        .where(eq(supportConversations.userId, who.id)),
    ).toEqual([]);
    expect(
      await server.db.select().from(messageFiles).where(inArray(messageFiles.id, fileIds)),
    ).toEqual([]);
    expect((await inbox(support)).items.some((c) => c.user.id === who.id)).toBe(false);
    const context = await server.call(getConversationContext, {
      token: support.token,
      params: { userId: who.id },
    });
    expect(context.status).toBe(404);
  });
});

describe('writing limits', () => {
  const limited = withTestServer({ rateLimits: { writePerMinute: 2 } });

  it('answers TOO_MANY_REQUESTS past the driver’s writes a minute, and stores nothing more', async () => {
    const calls = chatCalls(limited);
    const who = await signedInUser(limited);
    const other = await signedInUser(limited);
    ok(await calls.send(who, { text: 'one' }), 201);
    ok(await calls.send(who, { text: 'two' }), 201);
    const third = await calls.send(who, { text: 'three' });
    expect(third.status).toBe(429);
    expect(third.body).toMatchObject({ code: 'TOO_MANY_REQUESTS' });
    // Per driver: another driver from the same address still writes.
    ok(await calls.send(other, { text: 'mine' }), 201);
    const stored = (await calls.page(who)).items.filter((m) => m.author === 'user');
    expect(stored.map((m) => m.text)).toEqual(['one', 'two']);
  });

  it('limits writing reviews the same way', async () => {
    const who = await signedInUser(limited);
    const tariffId = await insertTestTariff(limited.db);
    const station = await addStation(limited, { lat: 55.7, lng: 37.6, tariffId });
    const review = (text: string) =>
      limited.call(createFeedback, { token: who.token, body: { stationId: station.id, text } });
    expect((await review('good')).status).toBe(201);
    expect((await review('still good')).status).toBe(201);
    const third = await review('and again');
    expect(third.status).toBe(429);
    expect(third.body).toMatchObject({ code: 'TOO_MANY_REQUESTS' });
  });
});
