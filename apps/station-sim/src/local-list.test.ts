import { afterEach, describe, expect, it } from 'vitest';
import { runConsoleCommand } from './console-commands';
import { settle, startRig, stationId, type Rig } from './test/harness';

let rig: Rig | undefined;
afterEach(async () => {
  await rig?.stop();
  rig = undefined;
});

const command = (action: string, params: object) => rig!.cs.command(stationId, action, params);

async function connected(overrides: Parameters<typeof startRig>[0] = {}) {
  rig = await startRig(overrides);
  await rig.station.connect();
  await settle(rig.station);
  return rig;
}

const accepted = { status: 'Accepted' };

/** A list with a driver's card, a blocked card and a fob of the driver's group. */
async function sendDemoList(listVersion = 3) {
  return command('SendLocalList', {
    listVersion,
    updateType: 'Full',
    localAuthorizationList: [
      { idTag: 'CARD-OK', idTagInfo: { status: 'Accepted' } },
      { idTag: 'CARD-BLOCKED', idTagInfo: { status: 'Blocked' } },
      { idTag: 'FOB', idTagInfo: { status: 'Accepted', parentIdTag: 'DRIVER' } },
    ],
  });
}

describe('the local authorization list (OCPP 1.6 §3.5.3)', () => {
  it('SendLocalList Full replaces the list and GetLocalListVersion tells its version', async () => {
    const r = await connected();
    expect(await command('GetLocalListVersion', {})).toEqual({ listVersion: 0 });
    expect(r.station.localList()).toEqual({ version: 0, entries: {} });

    expect(await sendDemoList(3)).toEqual(accepted);
    expect(await command('GetLocalListVersion', {})).toEqual({ listVersion: 3 });
    expect(r.station.localList()).toEqual({
      version: 3,
      entries: {
        'CARD-OK': { status: 'Accepted' },
        'CARD-BLOCKED': { status: 'Blocked' },
        FOB: { status: 'Accepted', parentIdTag: 'DRIVER' },
      },
    });

    // A Full update does not merge: what was not sent is gone.
    expect(
      await command('SendLocalList', {
        listVersion: 2,
        updateType: 'Full',
        localAuthorizationList: [
          {
            idTag: 'NEW',
            idTagInfo: { status: 'Accepted', expiryDate: '2030-01-01T00:00:00.000Z' },
          },
        ],
      }),
    ).toEqual(accepted);
    expect(r.station.localList()).toEqual({
      version: 2,
      entries: { NEW: { status: 'Accepted', expiryDate: '2030-01-01T00:00:00.000Z' } },
    });

    // An empty Full list empties it: version 0 stands for an empty list.
    expect(await command('SendLocalList', { listVersion: 4, updateType: 'Full' })).toEqual(
      accepted,
    );
    expect(await command('GetLocalListVersion', {})).toEqual({ listVersion: 0 });
  });

  it('SendLocalList Differential adds, updates and removes, and needs a higher version', async () => {
    const r = await connected();
    await sendDemoList(3);
    expect(
      await command('SendLocalList', {
        listVersion: 4,
        updateType: 'Differential',
        localAuthorizationList: [
          { idTag: 'CARD-BLOCKED', idTagInfo: { status: 'Accepted' } },
          { idTag: 'FOB' },
          { idTag: 'CARD-NEW', idTagInfo: { status: 'Expired' } },
        ],
      }),
    ).toEqual(accepted);
    expect(r.station.localList()).toEqual({
      version: 4,
      entries: {
        'CARD-OK': { status: 'Accepted' },
        'CARD-BLOCKED': { status: 'Accepted' },
        'CARD-NEW': { status: 'Expired' },
      },
    });

    for (const listVersion of [4, 2]) {
      expect(
        await command('SendLocalList', {
          listVersion,
          updateType: 'Differential',
          localAuthorizationList: [{ idTag: 'CARD-OK' }],
        }),
      ).toEqual({ status: 'VersionMismatch' });
    }
    expect(r.station.localList().version).toBe(4);
    expect(r.station.localList().entries['CARD-OK']).toEqual({ status: 'Accepted' });
  });

  it('the console command list prints the version and the entries', async () => {
    const r = await connected();
    await sendDemoList(3);
    expect(await runConsoleCommand([r.station], 'list')).toBe(
      [
        'CP-1 local list version 3, 3 entries',
        '  CARD-OK  Accepted',
        '  CARD-BLOCKED  Blocked',
        '  FOB  Accepted  parent DRIVER',
      ].join('\n'),
    );
  });

  it('fails a list longer than SendLocalListMaxLength or a Full entry without idTagInfo', async () => {
    const r = await connected({ sendLocalListMaxLength: 2 });
    expect(await sendDemoList(1)).toEqual({ status: 'Failed' });
    expect(
      await command('SendLocalList', {
        listVersion: 1,
        updateType: 'Full',
        localAuthorizationList: [{ idTag: 'CARD-OK' }],
      }),
    ).toEqual({ status: 'Failed' });
    expect(r.station.localList()).toEqual({ version: 0, entries: {} });
    expect(await command('GetConfiguration', { key: ['SendLocalListMaxLength'] })).toEqual({
      configurationKey: [{ key: 'SendLocalListMaxLength', readonly: true, value: '2' }],
    });
  });

  it('a station without local list support answers NotSupported and version -1', async () => {
    const r = await connected({ localAuthListSupported: false });
    expect(await sendDemoList(1)).toEqual({ status: 'NotSupported' });
    expect(await command('GetLocalListVersion', {})).toEqual({ listVersion: -1 });
    expect(r.station.localList()).toEqual({ version: -1, entries: {} });
    expect(await command('GetConfiguration', { key: ['LocalAuthListEnabled'] })).toEqual({
      configurationKey: [],
      unknownKey: ['LocalAuthListEnabled'],
    });
  });

  it('keeps the list across a lost connection and a Reset (non-volatile memory)', async () => {
    const r = await connected();
    await sendDemoList(5);
    await r.station.dropConnection();
    await r.station.restore();
    await settle(r.station);
    expect(await command('GetLocalListVersion', {})).toEqual({ listVersion: 5 });

    expect(await command('Reset', { type: 'Soft' })).toEqual(accepted);
    await r.station.next('boot', (b) => b.status === 'Accepted');
    expect(await command('GetLocalListVersion', {})).toEqual({ listVersion: 5 });
    expect(Object.keys(r.station.localList().entries)).toEqual(['CARD-OK', 'CARD-BLOCKED', 'FOB']);
  });
});

describe('offline authorization by the local list', () => {
  async function offlineWithList(overrides: Parameters<typeof startRig>[0] = {}) {
    const r = await connected(overrides);
    await sendDemoList(3);
    await r.station.dropConnection();
    r.station.plug(1);
    return r;
  }

  it('starts for an Accepted entry, and the StartTransaction goes out after the reconnect', async () => {
    const r = await offlineWithList();
    expect(await r.station.presentTag('CARD-OK')).toEqual({
      outcome: 'started',
      connectorId: 1,
      status: 'Accepted',
    });
    expect(r.station.pendingMessages()).toBe(1);
    await r.station.restore();
    await settle(r.station);
    expect((await r.cs.waitForCall('StartTransaction')).params).toMatchObject({
      idTag: 'CARD-OK',
    });
    expect(r.cs.callsOf('Authorize')).toHaveLength(0);
  });

  it('refuses a Blocked entry and a tag not on the list, even when unknown tags may start', async () => {
    const r = await offlineWithList({ allowOfflineStart: true });
    expect(await r.station.presentTag('CARD-BLOCKED')).toEqual({
      outcome: 'rejected',
      connectorId: 1,
      status: 'Blocked',
    });
    expect(await r.station.presentTag('STRANGER')).toEqual({
      outcome: 'rejected',
      connectorId: 1,
      status: 'Invalid',
    });
    expect(r.station.connector(1).status).toBe('Preparing');
    expect(r.station.pendingMessages()).toBe(0);
  });

  it('an Accepted entry past its expiryDate counts as Expired', async () => {
    const r = await connected();
    const expiryDate = new Date(r.clock.now() + 60_000).toISOString();
    await command('SendLocalList', {
      listVersion: 1,
      updateType: 'Full',
      localAuthorizationList: [{ idTag: 'CARD-OK', idTagInfo: { status: 'Accepted', expiryDate } }],
    });
    await r.station.dropConnection();
    r.station.plug(1);
    r.clock.advance(60_000);
    expect(await r.station.presentTag('CARD-OK')).toMatchObject({
      outcome: 'rejected',
      status: 'Expired',
    });
  });

  it('honours the entry’s parentIdTag on a reserved connector', async () => {
    const r = await connected();
    await sendDemoList(3);
    const expiryDate = new Date(r.clock.now() + 15 * 60_000).toISOString();
    await command('ReserveNow', {
      connectorId: 1,
      expiryDate,
      idTag: 'APPTAG',
      parentIdTag: 'DRIVER',
      reservationId: 9,
    });
    await r.station.waitFor('Reserved');
    await r.station.dropConnection();
    r.station.plug(1);
    expect(await r.station.presentTag('CARD-OK', 1)).toEqual({ outcome: 'noConnector' });
    expect(await r.station.presentTag('FOB', 1)).toMatchObject({ outcome: 'started' });
  });

  it('without a list in use, LocalAuthorizeOffline decides for any tag', async () => {
    const r = await connected();
    await sendDemoList(3);
    expect(
      await command('ChangeConfiguration', { key: 'LocalAuthListEnabled', value: 'false' }),
    ).toEqual(accepted);
    await r.station.dropConnection();
    r.station.plug(1);
    expect(await r.station.presentTag('STRANGER')).toMatchObject({ outcome: 'started' });
  });

  it('online, the central system decides, unless LocalPreAuthorize starts an Accepted entry at once', async () => {
    const r = await connected();
    await sendDemoList(3);
    r.cs.respond.Authorize = () => ({ idTagInfo: { status: 'Blocked' } });
    r.station.plug(1);
    expect(await r.station.presentTag('CARD-OK')).toMatchObject({
      outcome: 'rejected',
      status: 'Blocked',
    });
    expect(r.cs.callsOf('Authorize')).toHaveLength(1);

    expect(
      await command('ChangeConfiguration', { key: 'LocalPreAuthorize', value: 'true' }),
    ).toEqual(accepted);
    expect(await r.station.presentTag('CARD-OK')).toMatchObject({ outcome: 'started' });
    await settle(r.station);
    expect(r.cs.callsOf('Authorize')).toHaveLength(1);
    expect(r.cs.callsOf('StartTransaction')).toHaveLength(1);
  });
});

describe('DataTransfer PresentTag (vendor evcharge)', () => {
  it('answers Accepted, then reads the tag at the reader: Authorize and a start', async () => {
    const r = await connected();
    r.station.plug(1);
    const presented = r.station.next('tagPresented');
    expect(
      await command('DataTransfer', {
        vendorId: 'evcharge',
        messageId: 'PresentTag',
        data: JSON.stringify({ idTag: 'DEMO-TAG', connectorId: 1 }),
      }),
    ).toEqual(accepted);
    expect(await presented).toEqual({
      idTag: 'DEMO-TAG',
      result: { outcome: 'started', connectorId: 1, status: 'Accepted' },
    });
    expect((await r.cs.waitForCall('Authorize')).params).toEqual({ idTag: 'DEMO-TAG' });
    expect((await r.cs.waitForCall('StartTransaction')).params).toMatchObject({
      connectorId: 1,
      idTag: 'DEMO-TAG',
    });
  });

  it('answers UnknownVendorId, UnknownMessageId, and Rejected for data it cannot read', async () => {
    const r = await connected();
    expect(await command('DataTransfer', { vendorId: 'acme', messageId: 'PresentTag' })).toEqual({
      status: 'UnknownVendorId',
    });
    expect(await command('DataTransfer', { vendorId: 'evcharge', messageId: 'Dance' })).toEqual({
      status: 'UnknownMessageId',
    });
    for (const data of ['not json', '{}', JSON.stringify({ idTag: 'T', connectorId: 7 })]) {
      expect(
        await command('DataTransfer', { vendorId: 'evcharge', messageId: 'PresentTag', data }),
      ).toEqual({ status: 'Rejected' });
    }
    await settle(r.station);
    expect(r.cs.callsOf('Authorize')).toHaveLength(0);
  });
});
