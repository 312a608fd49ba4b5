import { describe, expect, it } from 'vitest';
import { contrastRatio, ensureContrast, fillWithReadableText } from './color';

describe('color contrast (WCAG 2.2)', () => {
  it('computes known ratios', () => {
    expect(contrastRatio('#000', '#fff')).toBeCloseTo(21, 1);
    expect(contrastRatio('#777777', '#ffffff')).toBeCloseTo(4.48, 1);
  });

  it.each(['#0b8a5f', '#ffeb3b', '#00c853', '#2962ff', '#0b6e4f', '#ff5722'])('makes %s readable on light and dark', (color) => {
    expect(contrastRatio(ensureContrast(color, '#eef2f4'), '#eef2f4')).toBeGreaterThanOrEqual(4.5);
    expect(contrastRatio(ensureContrast(color, '#212b33'), '#212b33')).toBeGreaterThanOrEqual(4.5);
    const { fill, text } = fillWithReadableText(ensureContrast(color, '#ffffff', 3));
    expect(contrastRatio(text, fill)).toBeGreaterThanOrEqual(4.5);
  });

  it('keeps a colour that already passes', () => {
    expect(ensureContrast('#0b6e4f', '#ffffff')).toBe('#0b6e4f');
  });
});
