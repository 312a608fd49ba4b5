import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

// Leaflet's zoom bar and attribution follow the app's theme (global.css) with WCAG 2.2 AA text
// contrast (1.4.3: 4.5:1) in light and dark: read from the stylesheets as the browser gets them.

const read = (path: string) => readFileSync(new URL(path, import.meta.url), 'utf8');
const globalCss = read('../../../styles/global.css');
const mapCss = read('./map-view.css');

function variables(block: string): Record<string, string> {
  return Object.fromEntries([...block.matchAll(/(--[\w-]+):\s*([^;]+);/g)].map((match) => [match[1]!, match[2]!.trim()]));
}

const light = variables(globalCss.slice(globalCss.indexOf(':root'), globalCss.indexOf('@media (prefers-color-scheme: dark)')));
const darkBlock = globalCss.slice(globalCss.indexOf('@media (prefers-color-scheme: dark)'));
const dark = { ...light, ...variables(darkBlock.slice(0, darkBlock.indexOf('\n}\n'))) };

function resolve(value: string, theme: Record<string, string>): string {
  const reference = /^var\((--[\w-]+)\)$/.exec(value);
  return reference ? resolve(theme[reference[1]!] ?? '', theme) : value;
}

function luminance(hex: string): number {
  const channels = /^#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(hex);
  if (!channels) throw new Error(`not an opaque colour: ${hex}`);
  const [r, g, b] = channels.slice(1).map((channel) => {
    const c = parseInt(channel, 16) / 255;
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
}

function contrast(a: string, b: string): number {
  const [high, low] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (high! + 0.05) / (low! + 0.05);
}

/** The declarations of the last rule whose selector list includes `selector`. */
function declarations(selector: string): Record<string, string> {
  const rules = [...mapCss.matchAll(/([^{}]+)\{([^}]*)\}/g)].filter((rule) => rule[1]!.split(',').map((part) => part.trim()).includes(selector));
  expect(rules.length, selector).toBeGreaterThan(0);
  return Object.fromEntries([...rules.at(-1)![2]!.matchAll(/([\w-]+):\s*([^;]+);/g)].map((match) => [match[1]!, match[2]!.trim()]));
}

describe.each([
  ['light', light],
  ['dark', dark],
])('Leaflet controls in the %s theme', (_name, theme) => {
  it('gives the attribution text and links at least 4.5:1 on its own opaque background', () => {
    const attribution = declarations('.map-view .leaflet-container .leaflet-control-attribution');
    const link = declarations('.map-view .leaflet-container .leaflet-control-attribution a');
    const background = resolve(attribution.background ?? '', theme);
    expect(contrast(resolve(attribution.color ?? '', theme), background)).toBeGreaterThanOrEqual(4.5);
    expect(contrast(resolve(link.color ?? '', theme), background)).toBeGreaterThanOrEqual(4.5);
  });

  it('paints the zoom buttons in the theme’s surface and text', () => {
    const button = declarations('.map-view .leaflet-container .leaflet-bar a');
    expect(button.background).toBe('var(--surface)');
    expect(contrast(resolve(button.color ?? '', theme), resolve(button.background ?? '', theme))).toBeGreaterThanOrEqual(4.5);
  });
});
