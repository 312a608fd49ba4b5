import { afterEach, describe, expect, it } from 'vitest';
import { createManualClock } from './clock';
import { parseStationList, runDemoStations, type DemoRun } from './demo';
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
  });

  it('rejects a malformed station list', () => {
    expect(() => parseStationList('{"nope":1}')).toThrow(/list of stations/);
    expect(() => parseStationList('[{"id":"A"}]')).toThrow(/password/);
    expect(parseStationList('{"stations":[{"id":"A","password":"p"}]}')).toEqual([
      { id: 'A', password: 'p' },
    ]);
  });
});
