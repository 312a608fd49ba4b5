import { afterEach, describe, expect, it } from 'vitest';
import { createManualClock } from './clock';
import {
  DEMO_CAR_LEAVES_AFTER_MS,
  demoStatusOf,
  parseStationList,
  runDemoStations,
  type DemoRun,
} from './demo';
import { startCentralSystem, type CentralSystem } from './test/central-system';

let cs: CentralSystem | undefined;
let run: DemoRun | undefined;
afterEach(async () => {
  await run?.close();
  await cs?.close();
  run = undefined;
  cs = undefined;
});

describe('demo stations', () => {
  it('runs one charge point per station, and a remote start charges a demo car', async () => {
    cs = await startCentralSystem({ 'DEMO-1': 'pw-1', 'DEMO-2': 'pw-2' });
    const clock = createManualClock();
    run = runDemoStations({
      url: cs.url,
      stations: parseStationList(
        JSON.stringify([
          {
            id: 'DEMO-1',
            password: 'pw-1',
            connectors: [
              { number: 2, socketType: 'ccs2', powerW: 60_000 },
              { number: 1, socketType: 'type2', powerW: 22_000 },
            ],
          },
          { id: 'DEMO-2', password: 'pw-2', connectors: 1 },
        ]),
      ),
      stationOptions: { clock, meterIntervalMs: 60_000 },
    });
    await run.ready;
    expect(
      cs
        .callsOf('BootNotification')
        .map((c) => c.identity)
        .sort(),
    ).toEqual(['DEMO-1', 'DEMO-2']);

    expect(
      await cs.command('DEMO-1', 'RemoteStartTransaction', { connectorId: 2, idTag: 'APP' }),
    ).toEqual({ status: 'Accepted' });
    await run.stations[0]!.waitFor('Charging', 2);
    clock.advance(60_000);
    await run.stations[0]!.flush();
    const sample = cs.callsOf('MeterValues', 'DEMO-1')[0]!.params;
    // Connector 2 is the CCS one: DC, capped at 60 kW.
    expect(JSON.stringify(sample)).toContain(
      '"value":"60000","context":"Sample.Periodic","measurand":"Power.Active.Import"',
    );

    // The driver stops in the app; the demo car leaves two minutes later (the default).
    const transactionId = run.stations[0]!.connector(2).transactionId;
    await cs.command('DEMO-1', 'RemoteStopTransaction', { transactionId });
    await run.stations[0]!.waitFor('Finishing', 2);
    clock.advance(DEMO_CAR_LEAVES_AFTER_MS - 1000);
    await run.stations[0]!.flush();
    expect(run.stations[0]!.connector(2).status).toBe('Finishing');
    clock.advance(1000);
    await run.stations[0]!.waitFor('Available', 2);
  });

  it('starts each connector in its listed status; charging cars present the demo tag', async () => {
    cs = await startCentralSystem({ 'DEMO-1': 'pw-1', 'DEMO-2': 'pw-2' });
    const listed = [
      'Available',
      'Preparing',
      'Charging',
      'SuspendedEV',
      'Finishing',
      'Unavailable',
      'Faulted',
    ] as const;
    const stations = [
      { id: 'DEMO-1', password: 'pw-1', connectors: listed.map((status) => ({ status })) },
      {
        id: 'DEMO-2',
        password: 'pw-2',
        connectors: [{ status: 'Charging' as const }, { status: 'Available' as const }],
      },
    ];
    cs.respond.Authorize = (params, identity) => ({
      idTagInfo: { status: identity === 'DEMO-1' ? 'Accepted' : 'Invalid' },
    });
    run = runDemoStations({
      url: cs.url,
      stations,
      idTag: 'DEMO-FLEET',
      stationOptions: { clock: createManualClock() },
    });
    await run.ready;
    await Promise.all(run.stations.map((station) => station.flush()));

    expect(run.stations[0]!.connectors().map((c) => c.status)).toEqual(listed);
    expect(run.stations[0]!.connector(7).errorCode).not.toBe('NoError');
    expect(run.stations[0]!.connector(5).isPlugged).toBe(true);
    // The central system heard the same, and the two cars that charge started with the tag.
    const reported = new Map(
      cs
        .callsOf('StatusNotification', 'DEMO-1')
        .map((c) => [c.params.connectorId, c.params.status]),
    );
    expect([...reported.entries()].sort(([a], [b]) => Number(a) - Number(b))).toEqual(
      listed.map((status, i) => [i + 1, status]),
    );
    expect(cs.callsOf('StartTransaction', 'DEMO-1').map((c) => c.params)).toEqual([
      expect.objectContaining({ connectorId: 3, idTag: 'DEMO-FLEET' }),
      expect.objectContaining({ connectorId: 4, idTag: 'DEMO-FLEET' }),
    ]);
    // DEMO-2's central system refuses the tag: the car waits plugged in, nothing starts.
    expect(run.stations[1]!.connectors().map((c) => c.status)).toEqual(['Preparing', 'Available']);
    expect(cs.callsOf('StartTransaction', 'DEMO-2')).toHaveLength(0);
  });

  it('without a tag, connectors listed Charging wait plugged in (Preparing)', async () => {
    cs = await startCentralSystem({ 'DEMO-1': 'pw-1' });
    run = runDemoStations({
      url: cs.url,
      stations: [{ id: 'DEMO-1', password: 'pw-1', connectors: [{ status: 'Charging' }] }],
      stationOptions: { clock: createManualClock() },
    });
    await run.ready;
    await run.stations[0]!.flush();
    expect(run.stations[0]!.connector(1)).toMatchObject({ status: 'Preparing', isPlugged: true });
    expect(cs.callsOf('Authorize')).toHaveLength(0);
  });

  it('draws unlisted statuses from a deterministic mix, mostly Available', async () => {
    const draws = Array.from({ length: 400 }, (_, i) => demoStatusOf(`MOW-${i}`, (i % 3) + 1));
    expect(Array.from({ length: 400 }, (_, i) => demoStatusOf(`MOW-${i}`, (i % 3) + 1))).toEqual(
      draws,
    );
    const share = (status: string) => draws.filter((s) => s === status).length / draws.length;
    expect(share('Available')).toBeGreaterThan(0.5);
    expect(share('Available')).toBeLessThan(0.75);
    expect(share('Charging') + share('SuspendedEV') + share('Preparing')).toBeGreaterThan(0.12);
    for (const status of ['Faulted', 'Unavailable', 'Finishing'])
      expect(share(status)).toBeGreaterThan(0.02);
    expect(share('Faulted') + share('Unavailable')).toBeLessThan(0.2);

    // A station list without statuses gets the mix; statusMix: false keeps every one free.
    cs = await startCentralSystem({ 'DEMO-1': 'pw-1' });
    const station = { id: 'DEMO-1', password: 'pw-1', connectors: 12 };
    const expected = Array.from({ length: 12 }, (_, i) => demoStatusOf('DEMO-1', i + 1)).map(
      (status) => (['Charging', 'SuspendedEV'].includes(status) ? 'Preparing' : status),
    );
    expect(new Set(expected).size).toBeGreaterThan(1);
    run = runDemoStations({
      url: cs.url,
      stations: [station],
      stationOptions: { clock: createManualClock() },
    });
    expect(run.stations[0]!.connectors().map((c) => c.status)).toEqual(expected);
    await run.close();
    run = runDemoStations({
      url: cs.url,
      stations: [station],
      statusMix: false,
      stationOptions: { clock: createManualClock() },
    });
    expect(new Set(run.stations[0]!.connectors().map((c) => c.status))).toEqual(
      new Set(['Available']),
    );
  });

  it('rejects a malformed station list', () => {
    expect(() => parseStationList('{"nope":1}')).toThrow(/list of stations/);
    expect(() => parseStationList('[{"id":"A"}]')).toThrow(/password/);
    expect(parseStationList('{"stations":[{"id":"A","password":"p"}]}')).toEqual([
      { id: 'A', password: 'p' },
    ]);
    expect(() =>
      parseStationList('[{"id":"A","password":"p","connectors":[{"status":"Reserved"}]}]'),
    ).toThrow(/connector status "Reserved" is not one of Available/);
  });
});
