import { afterEach, describe, expect, it } from 'vitest';
import { replayOrdered, type ReplayOrder } from './faults';
import type { OutboxItem } from './outbox';
import { settle, startRig, type Rig } from './test/harness';
import type { ReceivedCall } from './test/central-system';

let rig: Rig | undefined;
afterEach(async () => {
  await rig?.stop();
  rig = undefined;
});

// A call as `action transactionId` (StartTransaction has no id yet: its idTag instead).
const label = (call: ReceivedCall) =>
  call.action === 'StatusNotification'
    ? call.action
    : `${call.action} ${String(call.params.transactionId ?? call.params.idTag)}`;

/**
 * Transaction A (id 1000) charges online, then the link drops: two samples of A, A stops, B
 * starts offline on connector 2, two samples of B, B stops. Returns what arrives after restore.
 */
async function replayAfterReconnect(replayOrder: ReplayOrder) {
  rig = await startRig({ connectors: 2, faults: { replayOrder } });
  const { station, clock, cs } = rig;
  await station.connect();
  station.plug(1);
  await station.presentTag('A', 1);
  await station.waitFor('Charging', 1);
  await settle(station);
  await station.dropConnection();
  clock.advance(2 * 60_000);
  station.stop(1);
  station.plug(2);
  await station.presentTag('B', 2);
  clock.advance(2 * 60_000);
  station.unplug(2);
  expect(station.pendingMessages()).toBe(7);
  const seen = cs.calls.length;
  await station.restore();
  await settle(station);
  return cs.calls.slice(seen);
}

describe('replaying the messages queued offline', () => {
  it.each<[ReplayOrder, string[]]>([
    [
      'inOrder',
      [
        'MeterValues 1000',
        'MeterValues 1000',
        'StopTransaction 1000',
        'StartTransaction B',
        'MeterValues 1001',
        'MeterValues 1001',
        'StopTransaction 1001',
      ],
    ],
    [
      'meterValuesFirst',
      [
        'MeterValues 1000',
        'MeterValues 1000',
        'StartTransaction B',
        'MeterValues 1001',
        'MeterValues 1001',
        'StopTransaction 1000',
        'StopTransaction 1001',
      ],
    ],
    [
      'stopsFirst',
      [
        'StopTransaction 1000',
        'StartTransaction B',
        'StopTransaction 1001',
        'MeterValues 1000',
        'MeterValues 1000',
        'MeterValues 1001',
        'MeterValues 1001',
      ],
    ],
  ])('%s', async (replayOrder, expected) => {
    const calls = await replayAfterReconnect(replayOrder);
    // The statuses reported after the reconnect follow the replay.
    expect(calls.map(label)).toEqual([...expected, 'StatusNotification', 'StatusNotification']);
    // Each message keeps the payload it was made with: its timestamp and reading.
    const stopA = calls.find((c) => label(c) === 'StopTransaction 1000')!;
    const samplesA = calls.filter((c) => label(c) === 'MeterValues 1000');
    const sampleTimes = samplesA.map((c) =>
      Date.parse((c.params.meterValue as { timestamp: string }[])[0]!.timestamp),
    );
    expect(sampleTimes[1]! - sampleTimes[0]!).toBe(60_000);
    expect(sampleTimes[1]).toBeLessThanOrEqual(Date.parse(stopA.params.timestamp as string));
    expect(stopA.params.meterStop).toBe(Math.floor((11_000 * 2) / 60));
  });

  it('keeps the order of messages made while online', async () => {
    rig = await startRig({ faults: { replayOrder: 'stopsFirst' } });
    await rig.station.connect();
    rig.station.plug(1);
    await rig.station.presentTag('A');
    await settle(rig.station);
    const seen = rig.cs.calls.length;
    rig.clock.advance(2 * 60_000);
    rig.station.stop(1);
    await settle(rig.station);
    expect(rig.cs.calls.slice(seen).map(label)).toEqual([
      'MeterValues 1000',
      'MeterValues 1000',
      'StopTransaction 1000',
      'StatusNotification',
    ]);
  });

  it('pulls a StartTransaction along before the first message of its transaction', () => {
    const item = (action: string, transactionKey: number): OutboxItem => ({
      action,
      transactionKey,
      isTransactionMessage: true,
      build: () => ({}),
    });
    const queued = [
      item('StopTransaction', 1),
      item('StartTransaction', 2),
      item('StopTransaction', 2),
      item('MeterValues', 1),
    ];
    const names = (items: OutboxItem[]) => items.map((i) => `${i.action} ${i.transactionKey}`);
    expect(names(replayOrdered(queued, 'meterValuesFirst'))).toEqual([
      'MeterValues 1',
      'StopTransaction 1',
      'StartTransaction 2',
      'StopTransaction 2',
    ]);
    expect(names(replayOrdered(queued, 'stopsFirst'))).toEqual([
      'StopTransaction 1',
      'StartTransaction 2',
      'StopTransaction 2',
      'MeterValues 1',
    ]);
    expect(replayOrdered(queued, 'inOrder')).toBe(queued);
  });
});
