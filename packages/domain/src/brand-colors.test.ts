import { describe, expect, it } from 'vitest';
import { brandColorVariables } from './brand-colors';
import { contrastRatio } from './color';

describe('brandColorVariables', () => {
  it('keeps colours that already read well', () => {
    const { variables, themeColor } = brandColorVariables({
      primary: '#0b6e4f',
      primaryDark: '#084c37',
      accent: '#f2b705',
    });
    expect(variables['--brand']).toBe('#0b6e4f');
    expect(variables['--on-brand']).toBe('#ffffff');
    expect(variables['--accent']).toBe('#f2b705');
    expect(themeColor).toBe('#0b6e4f');
  });

  it.each(['#ffeb3b', '#7dd3fc', '#111111', '#6d28d9'])(
    'makes a fill of %s that text reads on (AA) and that stands out from the page',
    (primary) => {
      const { variables } = brandColorVariables({ primary, primaryDark: primary, accent: primary });
      expect(contrastRatio(variables['--on-brand']!, variables['--brand']!)).toBeGreaterThanOrEqual(4.5);
      expect(contrastRatio(variables['--brand']!, '#eef2f4')).toBeGreaterThanOrEqual(3);
      expect(contrastRatio(variables['--brand-text-dark']!, '#212b33')).toBeGreaterThanOrEqual(4.5);
    },
  );
});
