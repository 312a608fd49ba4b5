import { describe, expect, it } from 'vitest';
import { parseCliArgs, parseConnectors } from './cli-args';
import { runConsoleCommand } from './console-commands';
import { createManualClock } from './clock';
import { createStation } from './station';

describe('command line', () => {
  it('reads a station file or one station from flags', () => {
    expect(parseCliArgs(['--url', 'ws://10.0.0.5/ocpp', '--stations', 'demo.json'])).toMatchObject({
      url: 'ws://10.0.0.5/ocpp',
      stationsFile: 'demo.json',
      speed: 1,
      meterIntervalMs: 10_000,
      isAutoPlug: true,
      carLeavesAfterMs: 120_000,
      hasStatusMix: true,
      demoTag: undefined,
      faults: {},
    });
    expect(
      parseCliArgs([
        '--stations',
        'demo.json',
        '--all-available',
        '--car-leaves-after',
        '0',
        '--demo-tag',
        'DEMO-FLEET',
      ]),
    ).toMatchObject({ hasStatusMix: false, carLeavesAfterMs: 0, demoTag: 'DEMO-FLEET' });
    expect(
      parseCliArgs([
        '--id',
        'CP-9',
        '--password',
        'x',
        '--connectors',
        'AC:22000,dc:150000',
        '--speed',
        '60',
        '--meter-interval',
        '0.5',
        '--no-auto-plug',
      ]),
    ).toMatchObject({
      url: 'ws://127.0.0.1:8080/ocpp',
      id: 'CP-9',
      connectors: [
        { currentType: 'AC', powerW: 22_000 },
        { currentType: 'DC', powerW: 150_000 },
      ],
      speed: 60,
      meterIntervalMs: 500,
      isAutoPlug: false,
      // One charge point from flags starts with every connector Available.
      hasStatusMix: false,
    });
  });

  it.each([
    [['--id', 'CP-1'], /--password/],
    [[], /--stations/],
    [['--stations', 'a.json', '--url', 'http://x'], /ws:\/\//],
    [['--stations', 'a.json', '--speed', '0'], /--speed/],
    [['--stations', 'a.json', '--bogus'], /bogus/],
    [['--stations', 'a.json', '--car-leaves-after', '-5'], /--car-leaves-after/],
    [['--stations', 'a.json', '--demo-tag', 'X'.repeat(21)], /--demo-tag/],
  ])('refuses %j', (argv, message) => {
    expect(() => parseCliArgs(argv)).toThrow(message);
  });

  it('reads the faults every station plays', () => {
    expect(
      parseCliArgs([
        '--stations',
        'demo.json',
        '--replay-order',
        'stopsFirst',
        '--meter-values-after-stop',
        '3',
        '--lose-stop-transactions',
        '1',
        '--lose-start-transactions',
        '2',
        '--clock-offset=-3600',
      ]).faults,
    ).toEqual({
      replayOrder: 'stopsFirst',
      meterValuesAfterStop: 3,
      loseStopTransactions: 1,
      loseStartTransactions: 2,
      clockOffsetMs: -3_600_000,
    });
  });

  it.each([
    [['--replay-order', 'shuffled'], /--replay-order/],
    [['--meter-values-after-stop', '1.5'], /--meter-values-after-stop/],
    [['--lose-stop-transactions=-1'], /--lose-stop-transactions/],
    [['--clock-offset', 'soon'], /--clock-offset/],
  ])('refuses the fault %j', (argv, message) => {
    expect(() => parseCliArgs(['--stations', 'a.json', ...argv])).toThrow(message);
  });

  it('parses connector lists', () => {
    expect(parseConnectors('3')).toBe(3);
    expect(parseConnectors('DC')).toEqual([{ currentType: 'DC' }]);
    expect(() => parseConnectors('XX:1')).toThrow(/AC/);
  });

  it('drives a station from typed commands without a connection', async () => {
    const station = createStation({
      url: 'ws://127.0.0.1:9/ocpp',
      id: 'CP-X',
      clock: createManualClock(),
      connectors: 2,
    });
    await runConsoleCommand([station], 'plug 2 35');
    expect(station.connector(2)).toMatchObject({ isPlugged: true, socPercent: 35 });
    await runConsoleCommand([station], 'fault CP-X 1 GroundFailure');
    expect(station.connector(1)).toMatchObject({ status: 'Faulted', errorCode: 'GroundFailure' });
    expect(await runConsoleCommand([station], 'status')).toContain(
      'CP-X #1 Faulted  (GroundFailure)',
    );
    await expect(runConsoleCommand([station], 'fault 1 Smoke')).rejects.toThrow(/error code/);
    await expect(runConsoleCommand([station], 'dance')).rejects.toThrow(/unknown command/);
    expect(await runConsoleCommand([station], 'faults')).toBe('CP-X no faults');
    expect(await runConsoleCommand([station], 'list')).toBe('CP-X local list version 0, 0 entries');
    expect(
      await runConsoleCommand([station], 'faults CP-X replayOrder=stopsFirst clockOffsetMs=-5000'),
    ).toBe('CP-X replayOrder=stopsFirst clockOffsetMs=-5000');
    await expect(runConsoleCommand([station], 'faults loseStops=1')).rejects.toThrow(/no such/);
    await runConsoleCommand([station], 'plug 1');
    await runConsoleCommand([station], 'reset-meter 1');
    expect(station.connector(1).energyWh).toBe(0);
    await station.close();
  });
});
