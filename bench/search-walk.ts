// Benchmark: what a new station search costs inside the server, in one process, without HTTP:
// the nearest-first walk (apps/server/src/modules/stations/nearest.ts), writing the page from
// the kept fragments (page.ts) and compressing it at once (zstd 1, and brotli 1 for clients
// without zstd: http/compression.ts), for the searches of api-filtered.ts (every one new) over
// the same generated stations. CPU time per search from performance.now() around each part;
// the first round warms the JIT up.
//
//   npm run search-walk -w @evcharge/bench -- [--stations 100000] [--searches 20000]
import { loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import { STATION_TOTAL_COUNTED } from '../packages/api/src/stations/station-schemas';
import { generateStations } from '../apps/server/src/demo/stations';
import { compressNow } from '../apps/server/src/http/compression';
import { walkNearest } from '../apps/server/src/modules/stations/nearest';
import { walkPageJson } from '../apps/server/src/modules/stations/page';
import type { StationFilter } from '../apps/server/src/modules/stations/search';
import { buildSnapshot } from '../apps/server/src/modules/stations/snapshot';
import type { StationRow } from '../apps/server/src/modules/stations/station-view';
import { newSearches } from './search-queries';

const { values } = parseArgs({
  options: {
    stations: { type: 'string', default: '100000' },
    searches: { type: 'string', default: '20000' },
  },
});
const stationCount = Number(values.stations);
const searchCount = Number(values.searches);

const rows = generateStations(stationCount, 42).map((station) => ({
  ...station,
  isRoaming: false,
  roamingOperator: null,
  ownerUserId: null,
  sharing: null,
})) as StationRow[];
const snapshot = buildSnapshot(rows);
const next = newSearches(7);
const searches = Array.from({ length: searchCount }, () => {
  const body = next();
  return { ...body, includeRoaming: false } as unknown as StationFilter & typeof body;
});

const quantile = (sorted: number[], q: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] as number;
const µs = (ms: number) => (ms * 1000).toFixed(0);

function round() {
  const walk: number[] = [];
  const page: number[] = [];
  const zstd: number[] = [];
  const brotli: number[] = [];
  const bytes = { zstd: 0, br: 0 };
  const visited: number[] = [];
  let skipped = 0;
  let empty = 0;
  for (const search of searches) {
    const t0 = performance.now();
    const limit = Math.max(search.page * search.pageSize, STATION_TOTAL_COUNTED) + 1;
    const found = walkNearest(snapshot, search, { userId: null }, limit);
    const t1 = performance.now();
    const json = walkPageJson(snapshot, found, search.page, search.pageSize);
    const t2 = performance.now();
    bytes.zstd += compressNow(json, 'zstd')?.length ?? json.length;
    const t3 = performance.now();
    bytes.br += compressNow(json, 'br')?.length ?? json.length;
    brotli.push(performance.now() - t3);
    walk.push(t1 - t0);
    page.push(t2 - t1);
    zstd.push(t3 - t2);
    visited.push(found.visited);
    skipped += found.skipped;
    if (found.count === 0) empty++;
  }
  return { walk, page, zstd, brotli, bytes, visited, skipped, empty };
}

console.log(
  `${stationCount} generated stations, ${searchCount} searches each new (api-filtered.ts's), one process; load average ${loadavg()[0]!.toFixed(1)}`,
);
round();
const r = round();
console.log('\n| part | mean µs | p50 µs | p90 µs | p99 µs |');
console.log('|---|---|---|---|---|');
for (const [name, times] of [
  ['nearest-first walk', r.walk],
  ['page written from fragments', r.page],
  ['zstd 1 at once (Chromium, Firefox)', r.zstd],
  ['brotli 1 at once (Safari)', r.brotli],
  ['together (walk, page, zstd)', r.walk.map((t, i) => t + r.page[i]! + r.zstd[i]!)],
] as const) {
  const sorted = [...times].sort((a, b) => a - b);
  const mean = sorted.reduce((a, b) => a + b, 0) / sorted.length;
  console.log(
    `| ${name} | ${µs(mean)} | ${µs(quantile(sorted, 0.5))} | ${µs(quantile(sorted, 0.9))} | ${µs(quantile(sorted, 0.99))} |`,
  );
}
const sortedVisits = [...r.visited].sort((a, b) => a - b);
console.log(
  `\nstations looked at per search: mean ${(sortedVisits.reduce((a, b) => a + b, 0) / searchCount).toFixed(0)}, ` +
    `p50 ${quantile(sortedVisits, 0.5)}, p90 ${quantile(sortedVisits, 0.9)}, p99 ${quantile(sortedVisits, 0.99)}; ` +
    `stepped over in blocks: ${(r.skipped / searchCount).toFixed(0)} per search; searches that found nothing: ${r.empty}`,
);
console.log(
  `bytes per answer: zstd ${(r.bytes.zstd / searchCount).toFixed(0)}, brotli ${(r.bytes.br / searchCount).toFixed(0)}`,
);
