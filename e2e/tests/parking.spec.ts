import { createManualClock } from '@evcharge/station-sim/clock';
import { DEMO_CAR_LEAVES_AFTER_MS, runDemoStations, type DemoRun } from '@evcharge/station-sim/demo';
import { expect, test } from './fixtures';
import { expectNoAxeViolations, pickStation, simConnectors, secondDriver, signInOnLoginPage, startFromQrCode } from './support';

// The demo's parked session ends (SPEC §3 parking fee): a driver starts on a connector where a
// demo car already waits plugged in (a busy connector on the demo map), stops, and is told the
// parking fee runs until the cable is unplugged, with its ceiling. The demo car drives off two
// simulated minutes later, the charge point reports the connector free, and the session ends:
// the summary, and no running dot on the Charging tab. The station is played as `npm start`
// plays it (apps/station-sim demo), on a simulated clock the journey moves.

let run: DemoRun | undefined;

test.afterEach(async () => {
  await run?.close();
  run = undefined;
});

test('after Stop the demo car drives off, the parked session ends, and the fee ran only while it stood there', async ({ page, baseURL }) => {
  const detail = await pickStation(page.request);
  const connector = detail.connectors.find((c) => c.status === 'available' && c.currentType === 'AC')!;
  const clock = createManualClock(Date.now());
  run = runDemoStations({
    url: `${baseURL!.replace(/^http/, 'ws')}/ocpp`,
    stations: [
      {
        id: detail.code,
        password: `demo-${detail.code.toLowerCase()}`,
        // The driver's car waits plugged in on the chosen connector; the others are free.
        connectors: simConnectors(detail).map((c) => ({
          ...c,
          status: c.number === connector.number ? ('Preparing' as const) : ('Available' as const),
        })),
      },
    ],
    meterIntervalMs: 60_000,
    stationOptions: { clock },
  });
  await run.ready;

  await signInOnLoginPage(page, secondDriver.email, secondDriver.password);
  await startFromQrCode(page, connector);
  await page.getByTestId('start-charge').click();
  await expect(page.getByTestId('live-figures')).toBeVisible({ timeout: 20_000 });
  await expect(page.getByTestId('nav-charging')).toHaveAttribute('data-live', 'true');
  // The notice before parking names the ceiling.
  await expect(page.getByTestId('parking-notice')).toContainText(/at most .*300/);

  // Five simulated minutes of charging.
  for (let minute = 0; minute < 5; minute++) clock.advance(60_000);
  await expect(page.getByTestId('live-energy')).not.toHaveText(/^0(\.0+)?kWh$/, { timeout: 20_000 });

  await page.getByTestId('stop-charge').click();
  await page.getByTestId('stop-confirm').click();
  const card = page.getByTestId('parking-card');
  await expect(card).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId('session-status')).toHaveText('Charging finished, car still plugged in');
  await expect(card).toContainText('The fee runs until you unplug the cable: the session ends when the station reports the connector free.');
  await expect(card).toContainText(/Parking costs at most .*300\.00 in all\./);
  await expect(page.getByTestId('nav-charging')).toHaveAttribute('data-live', 'true');
  await expectNoAxeViolations(page);

  // The demo car's driver comes back two minutes after charging ended and drives off.
  clock.advance(DEMO_CAR_LEAVES_AFTER_MS);
  await expect(page.getByTestId('session-summary')).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId('nav-charging')).not.toHaveAttribute('data-live', 'true');
  // Two minutes parked, within the free minutes: nothing paid for parking.
  await expect(page.getByTestId('summary-parking')).toContainText('2 min');
  await expect(page.getByTestId('summary-parking')).not.toContainText(/\d[.,]\d\d/);
});
