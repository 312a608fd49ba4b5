import { describe, expect, it } from 'vitest';
import { getConversationContext } from '@evcharge/api/admin/support';
import { signedInUser } from '../../test/builders';
import { withTestServer } from '../../test/hooks';
import { chatCalls, chatClock, insertSession, OPEN_HOURS } from '../../test/messages';
import { addStation, insertTestTariff } from '../../test/station-builders';

// SPEC §6 support staff: beside a conversation the console shows the driver's latest sessions.
// A running session is one of them: a driver charging for the first time has a latest session,
// and the console must not say there are none.

const clock = chatClock();
const server = withTestServer({ now: clock.now });
const { ok } = chatCalls(server);

type Context = {
  activeSessions: { transactionId: number; status: string }[];
  lastSessions: { transactionId: number; status: string }[];
};

describe('the latest sessions beside a conversation', () => {
  it('count the running session, and leave out one cancelled before it started', async () => {
    clock.at = OPEN_HOURS;
    const support = await signedInUser(server, { name: 'Sam', staffRole: 'support' });
    const tariffId = await insertTestTariff(server.db);
    const station = await addStation(server, { lat: 55.7, lng: 37.6, tariffId });
    const who = await signedInUser(server, { name: 'Nina' });
    const connectorId = station.connectorIds[0]!;
    const context = async () =>
      ok(
        await server.call<Context>(getConversationContext, {
          token: support.token,
          params: { userId: who.id },
        }),
      );

    expect(await context()).toMatchObject({ activeSessions: [], lastSessions: [] });

    await insertSession(server, {
      userId: who.id,
      connectorId,
      tariffId,
      status: 'cancelled',
      startedAt: null,
    });
    const running = await insertSession(server, {
      userId: who.id,
      connectorId,
      tariffId,
      status: 'charging',
      startedAt: new Date(OPEN_HOURS.getTime() - 5 * 60_000),
    });

    const first = await context();
    expect(first.activeSessions.map((s) => s.transactionId)).toEqual([running.transactionId]);
    expect(first.lastSessions.map((s) => [s.transactionId, s.status])).toEqual([
      [running.transactionId, 'charging'],
    ]);
  });
});
