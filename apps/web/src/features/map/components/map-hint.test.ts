import { describe, expect, it } from 'vitest';
import { languages } from '@evcharge/domain/constants';

// The map's keyboard hint (map-view.tsx, the map region's description) tells how the markers
// are reached: Tab, after the map's own keys, in every language.
const files = import.meta.glob<{ mapMarkers: { mapHint: string } }>('../../../locales/*/station.json', { eager: true, import: 'default' });

describe('the map’s keyboard hint', () => {
  it.each(languages.map((language) => [language]))('names Tab as the way to the markers in %s', (language) => {
    const hint = files[`../../../locales/${language}/station.json`]!.mapMarkers.mapHint;
    expect(hint).toMatch(/\bTab\b/);
  });
});
