// Benchmark: the JavaScript a phone downloads to show the map home, gzip-compressed (level 9).
// The page loads over an emulated slow 4G link (Lighthouse's mobile figures: 150 ms RTT,
// 1.6 Mbit/s down). The first-load figure is every script asked for until the app had rendered
// the home screen (its toolbar live): what the home needs to come alive. "Before first paint"
// is the part whose request started before the First Contentful Paint (the browser's own paint
// timing: index.html's static shell paints before any script), and "with the map" adds what
// loads after the home screen until the network is idle and the map has drawn its stations.
//
//   npm run build -w @evcharge/web && npm run first-load -w @evcharge/bench
import { gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';
import { chromiumArgs, startDemoServer } from './start-server';

const TARGET_KB = 140;
const server = await startDemoServer(18490);
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: chromiumArgs });
try {
  const context = await browser.newContext({ viewport: { width: 375, height: 812 }, serviceWorkers: 'block' });
  const page = await context.newPage();
  const sizes = new Map<string, number>();
  const pending: Promise<void>[] = [];
  page.on('response', (response) => {
    if (response.request().resourceType() !== 'script') return;
    const url = response.url();
    pending.push(response.body().then((body) => void sizes.set(url, gzipSync(body, { level: 9 }).length)));
  });
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 150,
    downloadThroughput: (1.6 * 1024 * 1024) / 8,
    uploadThroughput: (750 * 1024) / 8,
  });
  // When the app has put the home screen on the page (a MutationObserver sees it at once).
  await page.addInitScript(() => {
    const seen = new MutationObserver(() => {
      if (!document.querySelector('[data-testid="home-page"]')) return;
      (window as { homeAt?: number }).homeAt = performance.now();
      seen.disconnect();
    });
    seen.observe(document, { childList: true, subtree: true });
  });
  await page.goto(`${server.baseUrl}/?locale=en`, { waitUntil: 'commit' });
  await page.getByTestId('home-page').waitFor({ timeout: 60_000 });
  const homeAt = await page.evaluate(() => (window as { homeAt?: number }).homeAt ?? performance.now());
  await page.getByTestId('map-container').waitFor({ timeout: 60_000 });
  await page.waitForLoadState('networkidle');
  await page.waitForTimeout(500);
  await Promise.all(pending);
  const timing = await page.evaluate(() => ({
    fcp: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? Number.NaN,
    resources: performance
      .getEntriesByType('resource')
      .map((e) => ({ name: e.name, startTime: e.startTime })),
  }));
  if (Number.isNaN(timing.fcp)) throw new Error('no first-contentful-paint entry');
  const startOf = new Map(timing.resources.map((r) => [r.name, r.startTime]));
  const scripts = [...sizes].map(([url, gzip]) => ({
    url: new URL(url).pathname,
    gzip,
    afterPaint: (startOf.get(url) ?? Number.POSITIVE_INFINITY) >= timing.fcp,
    afterHome: (startOf.get(url) ?? Number.POSITIVE_INFINITY) >= homeAt,
  }));
  console.log(`first contentful paint at ${Math.round(timing.fcp)} ms, home screen at ${Math.round(homeAt)} ms (slow 4G)\n`);

  const kb = (bytes: number) => (bytes / 1024).toFixed(1);
  const first = scripts.filter((s) => !s.afterPaint).reduce((sum, s) => sum + s.gzip, 0);
  const home = scripts.filter((s) => !s.afterHome).reduce((sum, s) => sum + s.gzip, 0);
  const total = scripts.reduce((sum, s) => sum + s.gzip, 0);
  console.log('| script | gzip kB | loaded |');
  console.log('|---|---|---|');
  for (const s of scripts.sort((a, b) => b.gzip - a.gzip)) {
    const when = !s.afterPaint
      ? 'before first paint'
      : !s.afterHome
        ? 'before the home screen'
        : 'after the home screen';
    console.log(`| ${s.url} | ${kb(s.gzip)} | ${when} |`);
  }
  // The target counts everything the home screen needs to come alive, not only what blocks
  // the first paint (the static shell paints before any script).
  console.log(`\nbefore first paint: ${kb(first)} kB`);
  console.log(`first-load JavaScript (gzip), everything before the home screen rendered: ${kb(home)} kB (budget ≤ ${TARGET_KB} kB)`);
  console.log(`with the map module after the home screen: ${kb(total)} kB`);
} finally {
  await browser.close();
  await server.stop();
}
