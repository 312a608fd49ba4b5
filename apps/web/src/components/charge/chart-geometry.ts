// The session chart's lines: power (kW) and state of charge (%) over the session's time, as
// SVG path data in a box of the given size (y grows downwards). Readings without a value
// break the line rather than drawing it to zero.

export type ChartSample = { at: string; powerW: number | null; socPercent: number | null };

export type ChartGeometry = {
  powerLine: string;
  powerArea: string;
  socLine: string;
  /** The top of the power scale: a round number at or above the peak. */
  maxKw: number;
  peakKw: number;
  socFirst: number | null;
  socLast: number | null;
  startAt: Date;
  endAt: Date;
};

/** 1, 2, 2.5, 5 or 10 times a power of ten, at or above `value`. */
export function niceCeil(value: number): number {
  if (value <= 0) return 1;
  const magnitude = 10 ** Math.floor(Math.log10(value));
  const step = [1, 2, 2.5, 5, 10].find((s) => s * magnitude >= value - 1e-9) ?? 10;
  return step * magnitude;
}

const round = (value: number) => Math.round(value * 10) / 10;

type Point = [x: number, y: number] | null;

function line(points: Point[]): string {
  let d = '';
  let isDrawing = false;
  for (const point of points) {
    if (!point) {
      isDrawing = false;
      continue;
    }
    d += `${isDrawing ? 'L' : 'M'}${round(point[0])} ${round(point[1])}`;
    isDrawing = true;
  }
  return d;
}

/** Each unbroken run of the line closed down to the baseline, for the filled area under it. */
function area(points: Point[], baseline: number): string {
  const runs: [number, number][][] = [[]];
  for (const point of points) {
    if (point) runs.at(-1)!.push(point);
    else if (runs.at(-1)!.length > 0) runs.push([]);
  }
  return runs
    .filter((run) => run.length > 1)
    .map((run) => `${line(run)}L${round(run.at(-1)![0])} ${baseline}L${round(run[0]![0])} ${baseline}Z`)
    .join('');
}

export function chartGeometry(samples: readonly ChartSample[], width: number, height: number): ChartGeometry | null {
  const timed = samples.map((s) => ({ ...s, time: Date.parse(s.at) })).filter((s) => !Number.isNaN(s.time));
  if (timed.length < 2) return null;
  const start = timed[0]!.time;
  const end = timed.at(-1)!.time;
  const span = Math.max(1, end - start);
  const peakKw = Math.max(0, ...timed.map((s) => (s.powerW ?? 0) / 1000));
  const maxKw = niceCeil(peakKw);
  const x = (time: number) => ((time - start) / span) * width;
  const power: Point[] = timed.map((s) => (s.powerW === null ? null : [x(s.time), height - (s.powerW / 1000 / maxKw) * height]));
  const soc: Point[] = timed.map((s) => (s.socPercent === null ? null : [x(s.time), height - (Math.min(100, s.socPercent) / 100) * height]));
  const socValues = timed.flatMap((s) => (s.socPercent === null ? [] : [s.socPercent]));
  return {
    powerLine: line(power),
    powerArea: area(power, height),
    socLine: line(soc),
    maxKw,
    peakKw,
    socFirst: socValues[0] ?? null,
    socLast: socValues.at(-1) ?? null,
    startAt: new Date(start),
    endAt: new Date(end),
  };
}
