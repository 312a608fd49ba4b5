import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { RfidBinding, RfidTag } from '@evcharge/api/rfid/rfid';
import {
  cancelRfidBinding,
  checkRfidConnector,
  createRfidTag,
  deleteRfidTag,
  listRfidTags,
  subscribeRfid,
  updateRfidTag,
} from '@evcharge/api/rfid/rfid';
import { presentDemoTag } from '@evcharge/api/dev/present-demo-tag';
import { RFID_CONFIRM_WAIT_SECONDS } from '@evcharge/domain/rfid';
import { chargingSessions } from '../../db/schema/charging';
import { rfidTags } from '../../db/schema/driver';
import { signedInUser } from '../../test/builders';
import { addChargePoint, closeSimStations, connectedStation } from '../../test/charge-points';
import { startTestServer, type TestServer } from '../../test/harness';
import { insertSessionTariff, testCar } from '../../test/sessions';
import { topUp } from '../../test/charging';

// SPEC §4 the RFID wizard over OCPP 1.6 against the simulator: plug in (StatusNotification
// Preparing), touch the tag (Authorize of a tag nobody has bound, held for the driver), confirm;
// then the tag starts charging as the app does.

let server: TestServer;
let tariffId: string;
let skew = 0;
beforeAll(async () => {
  server = await startTestServer({
    now: () => new Date(Date.now() + skew),
    config: { demoMode: true },
  });
  tariffId = await insertSessionTariff(server);
});
afterEach(async () => {
  skew = 0;
  await closeSimStations();
});
afterAll(async () => {
  await server?.close();
});

const rfidStation = (fields: Record<string, unknown> = {}) =>
  connectedStation(server, { tariffId, supportsRfid: true, ...fields });

async function driver(balanceMinor = 100_000) {
  const user = await signedInUser(server);
  if (balanceMinor > 0) await topUp(server, user.id, balanceMinor);
  return user;
}

type Driver = Awaited<ReturnType<typeof driver>>;

async function begin(who: Driver, connectorId: string) {
  const res = await server.call<RfidBinding>(checkRfidConnector, {
    token: who.token,
    body: { connectorId },
  });
  return res;
}

/** The long poll until the binding is in `status`. */
async function until(who: Driver, binding: RfidBinding, status: RfidBinding['status']) {
  let seen = binding;
  for (let i = 0; i < 20 && seen.status !== status; i++) {
    const res = await server.call<RfidBinding>(subscribeRfid, {
      token: who.token,
      params: { bindingId: binding.id, cursor: seen.version },
      query: { wait: 5 },
    });
    expect(res.status).toBe(200);
    seen = res.body;
  }
  expect(seen.status).toBe(status);
  return seen;
}

const uniqueTag = () => `TAG${Math.random().toString(16).slice(2, 12).toUpperCase()}`;

describe('the wizard binds a tag touched to the reader', () => {
  it('plug in, touch, confirm: the tag is the driver’s, and then starts charging', async () => {
    const anna = await driver();
    const { chargePoint, station } = await rfidStation();
    const connectorId = chargePoint.station.connectorIds[0]!;

    const started = await begin(anna, connectorId);
    expect(started.status).toBe(201);
    expect(started.body).toMatchObject({ status: 'waitingCar', tagNumber: null, failReason: null });

    station.plug(1, testCar);
    const waiting = await until(anna, started.body, 'waitingTag');
    expect(new Date(waiting.deadlineAt).getTime()).toBeGreaterThan(Date.now());

    const uid = uniqueTag();
    // The station is told Invalid: it starts nothing with a tag the driver has not confirmed.
    const touched = await station.presentTag(uid, 1);
    expect(touched).toMatchObject({ outcome: 'rejected', status: 'Invalid' });
    const read = await until(anna, waiting, 'tagRead');
    expect(read.tagNumber).toBe(uid);
    expect(
      await server.db.select().from(chargingSessions).where(eq(chargingSessions.userId, anna.id)),
    ).toEqual([]);

    const confirmed = await server.call<RfidTag>(createRfidTag, {
      token: anna.token,
      body: { bindingId: read.id, name: 'Blue fob' },
    });
    expect(confirmed.status).toBe(201);
    expect(confirmed.body).toMatchObject({
      name: 'Blue fob',
      numberMasked: `•••• ${uid.slice(-4)}`,
      isBlocked: false,
      lastUsedAt: null,
    });
    const done = await until(anna, read, 'bound');
    expect(done.tag?.id).toBe(confirmed.body.id);
    expect(done.tagNumber).toBeNull();

    // Touched again with the car still plugged in: a session of Anna's, paid as the app's.
    const accepted = station.next('transactionAccepted');
    expect(await station.presentTag(uid, 1)).toMatchObject({ outcome: 'started' });
    const { transactionId } = await accepted;
    const [session] = await server.db
      .select()
      .from(chargingSessions)
      .where(eq(chargingSessions.transactionId, transactionId));
    expect(session).toMatchObject({
      userId: anna.id,
      rfidTagId: confirmed.body.id,
      status: 'charging',
    });
    const listed = await server.call<{ items: RfidTag[] }>(listRfidTags, { token: anna.token });
    expect(listed.body.items).toHaveLength(1);
    expect(listed.body.items[0]!.lastUsedAt).not.toBeNull();
  });

  it('a car already plugged in skips to the tag; the demo route makes the simulator read one', async () => {
    const anna = await driver();
    const { chargePoint, station } = await rfidStation();
    station.plug(2, testCar);
    await station.flush();
    const started = await begin(anna, chargePoint.station.connectorIds[1]!);
    expect(started.body).toMatchObject({ status: 'waitingTag', canSimulateTag: true });
    const demo = await server.call(presentDemoTag, {
      token: anna.token,
      params: { bindingId: started.body.id },
      body: {},
    });
    expect(demo.status).toBe(200);
    const read = await until(anna, started.body, 'tagRead');
    expect(read.tagNumber).toMatch(/^DEMO[0-9A-F]{12}$/);
  });
});

describe('each step’s errors', () => {
  it('a station without a reader, an offline one, a connector in use, a reader busy', async () => {
    const anna = await driver();
    const boris = await driver();
    const plain = await rfidStation({ supportsRfid: false });
    expect((await begin(anna, plain.chargePoint.station.connectorIds[0]!)).body).toMatchObject({
      code: 'RFID_NOT_SUPPORTED',
    });
    const offline = await addChargePoint(server, { tariffId, supportsRfid: true });
    expect((await begin(anna, offline.station.connectorIds[0]!)).body).toMatchObject({
      code: 'RFID_STATION_OFFLINE',
    });

    const { chargePoint, station } = await rfidStation();
    const [first, second] = chargePoint.station.connectorIds as [string, string];
    const withTag = await driver();
    const tag = uniqueTag();
    await server.db.insert(rfidTags).values({ userId: withTag.id, uid: tag });
    station.plug(1, testCar);
    const accepted = station.next('transactionAccepted');
    await station.presentTag(tag, 1);
    await accepted;
    await station.flush();
    expect((await begin(anna, first)).body).toMatchObject({ code: 'RFID_CAR_CHARGING' });

    const annas = await begin(anna, second);
    expect(annas.status).toBe(201);
    // One reader, one wizard: Boris waits; Anna's new wizard replaces her own.
    expect((await begin(boris, second)).body).toMatchObject({ code: 'RFID_READER_BUSY' });
    const again = await begin(anna, second);
    expect(again.status).toBe(201);
    const old = await server.call<RfidBinding>(subscribeRfid, {
      token: anna.token,
      params: { bindingId: annas.body.id, cursor: 0 },
    });
    expect(old.body.status).toBe('cancelled');
    // Leaving the wizard frees the reader.
    const left = await server.call<RfidBinding>(cancelRfidBinding, {
      token: anna.token,
      params: { id: again.body.id },
    });
    expect(left.body.status).toBe('cancelled');
    const boriss = await begin(boris, second);
    expect(boriss.status).toBe(201);
    // Another driver's binding is not found.
    expect(
      (
        await server.call(subscribeRfid, {
          token: anna.token,
          params: { bindingId: boriss.body.id, cursor: 0 },
        })
      ).status,
    ).toBe(404);
  });

  it('a tag someone has bound ends the wizard as already linked; the tag is answered as usual', async () => {
    const anna = await driver();
    const owner = await driver();
    const tag = uniqueTag();
    await server.db.insert(rfidTags).values({ userId: owner.id, uid: tag });
    const { chargePoint, station } = await rfidStation();
    const started = await begin(anna, chargePoint.station.connectorIds[0]!);
    // Touched before the car is plugged in: its owner's tag, Accepted for its owner.
    const answer = (await station.call('Authorize', { idTag: tag })) as {
      idTagInfo: { status: string };
    };
    expect(answer.idTagInfo.status).toBe('Accepted');
    const failed = await until(anna, started.body, 'failed');
    expect(failed.failReason).toBe('alreadyLinked');
  });

  it('a car starting to charge on the connector ends the wizard', async () => {
    const anna = await driver();
    const { chargePoint, station } = await rfidStation();
    const started = await begin(anna, chargePoint.station.connectorIds[0]!);
    await station.call('StatusNotification', {
      connectorId: 1,
      status: 'Charging',
      errorCode: 'NoError',
    });
    const failed = await until(anna, started.body, 'failed');
    expect(failed.failReason).toBe('carCharging');
  });

  it('a step that times out ends the wizard, and a late confirmation binds nothing', async () => {
    const anna = await driver();
    const { chargePoint, station } = await rfidStation();
    station.plug(1, testCar);
    await station.flush();
    const started = await begin(anna, chargePoint.station.connectorIds[0]!);
    const uid = uniqueTag();
    await station.presentTag(uid, 1);
    const read = await until(anna, started.body, 'tagRead');
    skew = (RFID_CONFIRM_WAIT_SECONDS + 1) * 1000;
    const late = await server.call(createRfidTag, {
      token: anna.token,
      body: { bindingId: read.id, name: 'Late' },
    });
    expect(late.status).toBe(408);
    expect(late.body).toMatchObject({ code: 'RFID_STEP_TIMEOUT' });
    const expired = await until(anna, read, 'expired');
    expect(expired.tagNumber).toBeNull();
    expect(await server.db.select().from(rfidTags).where(eq(rfidTags.uid, uid))).toEqual([]);
  });

  it('two drivers confirming one tag number at once: one binds it, the other is told it is linked', async () => {
    const [anna, boris] = [await driver(), await driver()];
    const one = await rfidStation();
    const two = await rfidStation();
    const uid = uniqueTag();
    const bindings = await Promise.all(
      [
        [anna, one],
        [boris, two],
      ].map(async ([who, at]) => {
        const d = who as Driver;
        const s = at as Awaited<ReturnType<typeof rfidStation>>;
        s.station.plug(1, testCar);
        await s.station.flush();
        const started = await begin(d, s.chargePoint.station.connectorIds[0]!);
        await s.station.presentTag(uid, 1);
        return until(d, started.body, 'tagRead');
      }),
    );
    const answers = await Promise.all(
      [anna, boris].map((who, i) =>
        server.call(createRfidTag, {
          token: who.token,
          body: { bindingId: bindings[i]!.id, name: 'Mine' },
        }),
      ),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([201, 409]);
    expect(answers.find((a) => a.status === 409)!.body).toMatchObject({
      code: 'RFID_ALREADY_LINKED',
    });
    expect(await server.db.select().from(rfidTags).where(eq(rfidTags.uid, uid))).toHaveLength(1);
  });
});

describe('my tags', () => {
  it('rename, block (Blocked at the reader), unblock, delete (Invalid, and bindable again)', async () => {
    const anna = await driver();
    const boris = await driver();
    const uid = uniqueTag();
    const [row] = await server.db
      .insert(rfidTags)
      .values({ userId: anna.id, uid, name: 'Old' })
      .returning();
    const { station } = await rfidStation();
    const authorize = async () =>
      ((await station.call('Authorize', { idTag: uid })) as { idTagInfo: { status: string } })
        .idTagInfo.status;
    expect(await authorize()).toBe('Accepted');

    const renamed = await server.call<RfidTag>(updateRfidTag, {
      token: anna.token,
      body: { id: row!.id, name: 'Work badge' },
    });
    expect(renamed.body.name).toBe('Work badge');
    expect(
      (await server.call(updateRfidTag, { token: boris.token, body: { id: row!.id, name: 'x' } }))
        .status,
    ).toBe(404);
    expect(
      (await server.call(updateRfidTag, { token: anna.token, body: { id: row!.id, name: ' ' } }))
        .status,
    ).toBe(400);

    await server.call(updateRfidTag, { token: anna.token, body: { id: row!.id, isBlocked: true } });
    expect(await authorize()).toBe('Blocked');
    await server.call(updateRfidTag, {
      token: anna.token,
      body: { id: row!.id, isBlocked: false },
    });
    expect(await authorize()).toBe('Accepted');

    expect(
      (await server.call(deleteRfidTag, { token: boris.token, params: { id: row!.id } })).status,
    ).toBe(404);
    expect(
      (await server.call(deleteRfidTag, { token: anna.token, params: { id: row!.id } })).status,
    ).toBe(200);
    expect(await authorize()).toBe('Invalid');
    expect(
      (await server.call<{ items: RfidTag[] }>(listRfidTags, { token: anna.token })).body.items,
    ).toEqual([]);
    // Bound again, by someone else.
    await server.db.insert(rfidTags).values({ userId: boris.id, uid });
    expect(await authorize()).toBe('Accepted');
  });
});
