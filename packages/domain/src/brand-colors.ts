import { ensureContrast, fillWithReadableText } from './color';

// A brand's colours as the interface's CSS variables (apps/web/src/styles/global.css), adjusted
// so that text on them stays readable (WCAG 2.2 AA) whatever the brand chose. The server writes
// them into the page it serves (the first paint has the brand's colours) and the web app sets
// the same ones when the brand arrives by the API (development, a stale page).

export type BrandColors = { primary: string; primaryDark: string; accent: string };

// The darkest light and the lightest dark surface of global.css: AA holds on every surface.
const LIGHT_SURFACE = '#eef2f4';
const DARK_SURFACE = '#212b33';

/** The CSS custom properties (name → value) and the browser's theme colour for a brand. */
export function brandColorVariables(colors: BrandColors): {
  variables: Record<string, string>;
  themeColor: string;
} {
  const { primary, primaryDark, accent } = colors;
  // Fills must stand out from the page (3:1) and carry readable text (4.5:1).
  const light = fillWithReadableText(ensureContrast(primary, LIGHT_SURFACE, 3));
  const dark = fillWithReadableText(ensureContrast(primary, DARK_SURFACE, 3));
  return {
    variables: {
      '--brand': light.fill,
      '--on-brand': light.text,
      '--brand-strong': ensureContrast(primaryDark, LIGHT_SURFACE),
      '--brand-text-light': ensureContrast(primaryDark, LIGHT_SURFACE),
      '--brand-text-dark': ensureContrast(primary, DARK_SURFACE),
      '--brand-fill-dark': dark.fill,
      '--on-brand-dark': dark.text,
      '--accent': accent,
    },
    themeColor: light.fill,
  };
}
