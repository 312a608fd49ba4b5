// WCAG 2.2 contrast math: brand colours come from the server, and AA must hold whatever they are.

type Rgb = [number, number, number];

export function parseHex(hex: string): Rgb | null {
  const match = /^#?([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(hex.trim());
  if (!match?.[1]) return null;
  const digits = match[1].length === 3 ? [...match[1]].map((d) => d + d).join('') : match[1];
  return [0, 2, 4].map((i) => parseInt(digits.slice(i, i + 2), 16)) as Rgb;
}

function toHex(rgb: Rgb): string {
  return `#${rgb.map((c) => Math.round(c).toString(16).padStart(2, '0')).join('')}`;
}

function luminance([r, g, b]: Rgb): number {
  const channel = (c: number) => {
    const s = c / 255;
    return s <= 0.04045 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b);
}

export function contrastRatio(a: string, b: string): number {
  const x = parseHex(a);
  const y = parseHex(b);
  if (!x || !y) return 1;
  const [hi, lo] = [luminance(x), luminance(y)].sort((m, n) => n - m) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

/** White or near-black, whichever reads better on `background`. */
export function readableOn(background: string): string {
  return contrastRatio('#ffffff', background) >= contrastRatio('#111111', background) ? '#ffffff' : '#111111';
}

/**
 * `color` itself if it reaches `min` contrast on `background`, else the nearest mix of it
 * towards white or black (whichever the background calls for) that does.
 */
export function ensureContrast(color: string, background: string, min = 4.5): string {
  const fg = parseHex(color);
  const bg = parseHex(background);
  if (!fg || !bg) return color;
  if (contrastRatio(color, background) >= min) return toHex(fg);
  const target: Rgb = luminance(bg) > 0.18 ? [0, 0, 0] : [255, 255, 255];
  for (let step = 1; step <= 20; step += 1) {
    const t = step / 20;
    const mixed = fg.map((c, i) => c + (target[i]! - c) * t) as Rgb;
    if (contrastRatio(toHex(mixed), background) >= min) return toHex(mixed);
  }
  return toHex(target);
}

/**
 * A fill for buttons: `color` when white or near-black text on it reaches AA, else `color`
 * darkened until white text does.
 */
export function fillWithReadableText(color: string): { fill: string; text: string } {
  if (!parseHex(color)) return { fill: color, text: '#ffffff' };
  const text = readableOn(color);
  if (contrastRatio(text, color) >= 4.5) return { fill: color, text };
  return { fill: ensureContrast(color, '#ffffff', 4.5), text: '#ffffff' };
}
