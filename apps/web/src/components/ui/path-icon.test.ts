import { describe, expect, it } from 'vitest';
import { ICON_STROKE_WIDTH, iconPaths } from './icon-paths';
import { extraIconPaths, PATH_ICON_STROKE_WIDTH } from './path-icon';

describe('PathIcon', () => {
  it('draws like Icon, and a path both sets have is the same', () => {
    expect(PATH_ICON_STROKE_WIDTH).toBe(ICON_STROKE_WIDTH);
    expect(extraIconPaths.wallet).toBe(iconPaths.wallet);
  });
});
