import { brandColorVariables } from '@evcharge/domain/brand-colors';
import type { Brand } from './brand';

// A module of its own: the page the server serves has the brand's colours already, so their
// arithmetic (domain/color.ts) is no part of the first load (bench/RESULTS.md).

/**
 * Sets the CSS colour variables from the brand, adjusted so text on them stays readable. The
 * server writes the same ones into the page it serves (the first paint has them); this keeps
 * them right when the brand comes by the API (development, a page kept from before).
 */
export function applyBrandColors(brand: Brand, root: HTMLElement = document.documentElement): void {
  const { variables, themeColor } = brandColorVariables(brand.colors);
  for (const [name, value] of Object.entries(variables)) root.style.setProperty(name, value);
  document.querySelector('meta[name="theme-color"]')?.setAttribute('content', themeColor);
}
