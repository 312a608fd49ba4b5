// Benchmark: from the moment the map has its data to the first clustered frame on the canvas,
// with N stations in view, in Debian's Chromium. The map draws a first frame from a quick grid
// grouping and builds the full supercluster index in a worker; both times are printed.
//
//   npm run build -w @evcharge/web && npm run cluster -w @evcharge/bench [-- --stations 100000 --runs 5]
import { rmSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { chromium } from '@playwright/test';
import { chromiumArgs, seedStationsDatabase, startDemoServer } from './start-server';

const { values } = parseArgs({
  options: { stations: { type: 'string', default: '100000' }, runs: { type: 'string', default: '5' } },
});
const stationCount = Number(values.stations);
const runs = Number(values.runs);

const dataDir = await seedStationsDatabase(stationCount, 'evcharge-bench-map-');

const server = await startDemoServer(18492, { DATA_DIR: dataDir, SEED_DEMO: 'false' });
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: chromiumArgs });
try {
  const rows: { firstFrame: number; indexed: number }[] = [];
  for (let run = 1; run <= runs; run += 1) {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, serviceWorkers: 'block' });
    // A view over every country of the demo network, so all stations are in the viewport.
    await context.addInitScript(() => {
      sessionStorage.setItem('mapView', JSON.stringify({ center: { lat: 45, lng: 52 }, zoom: 3 }));
    });
    const page = await context.newPage();
    await page.goto(`${server.baseUrl}/?locale=en`);
    await page.waitForFunction(() => performance.getEntriesByName('map:clustered').length > 0, null, { timeout: 60_000 });
    await page.waitForTimeout(300);
    const result = await page.evaluate(() => {
      const data = performance.getEntriesByName('map:data')[0]!.startTime;
      const frames = performance.getEntriesByName('map:frame').map((e) => e.startTime).filter((t) => t >= data);
      const indexed = performance.getEntriesByName('map:clustered')[0]!.startTime;
      const container = document.querySelector('[data-testid="map-container"]') as HTMLElement;
      return {
        firstFrame: (frames[0] ?? Number.NaN) - data,
        indexed: indexed - data,
        drawn: Number(container.dataset.drawnStations ?? 0) + Number(container.dataset.drawnClusters ?? 0),
      };
    });
    rows.push({ firstFrame: result.firstFrame, indexed: result.indexed });
    console.log(`run ${run}: first clustered frame ${result.firstFrame.toFixed(0)} ms after the data, supercluster index ready after ${result.indexed.toFixed(0)} ms (${result.drawn} markers and clusters drawn)`);
    await context.close();
  }
  const median = (list: number[]) => [...list].sort((a, b) => a - b)[Math.floor(list.length / 2)]!;
  console.log(`\n${stationCount} stations in view, ${runs} runs, 1280×800`);
  console.log(`median data → first clustered frame: ${median(rows.map((r) => r.firstFrame)).toFixed(0)} ms (target < 300 ms)`);
  console.log(`median data → full supercluster index (worker): ${median(rows.map((r) => r.indexed)).toFixed(0)} ms`);
} finally {
  await browser.close();
  await server.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
