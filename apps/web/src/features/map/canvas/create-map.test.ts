import { afterEach, describe, expect, it } from 'vitest';
import { languages } from '@evcharge/domain/constants';
import { initI18n, loadNamespaces } from '@/lib/i18n';
import { createMap, setMapTexts, showAttribution, tileAttribution } from './create-map';

// Leaflet's controls speak the screen's language: the zoom buttons' titles and the tiles'
// attribution, also after the driver switches the language on a map already made.

const osm = '&copy; <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a> contributors';

describe('the map controls’ texts', () => {
  let element: HTMLElement | null = null;
  afterEach(() => element?.remove());

  function mapIn() {
    element = document.createElement('div');
    document.body.append(element);
    return createMap(element, { center: { lat: 55.75, lng: 37.61 }, zoom: 10 }, { zoomIn: 'Zoom in', zoomOut: 'Zoom out' });
  }

  it('rewrites the zoom buttons’ titles and labels in a new language', () => {
    const map = mapIn();
    setMapTexts(map, { zoomIn: 'Приблизить', zoomOut: 'Отдалить' });
    const zoomIn = element!.querySelector('.leaflet-control-zoom-in')!;
    const zoomOut = element!.querySelector('.leaflet-control-zoom-out')!;
    expect([zoomIn.getAttribute('title'), zoomIn.getAttribute('aria-label')]).toEqual(['Приблизить', 'Приблизить']);
    expect([zoomOut.getAttribute('title'), zoomOut.getAttribute('aria-label')]).toEqual(['Отдалить', 'Отдалить']);
    map.remove();
  });

  it('shows OpenStreetMap’s attribution in the screen’s language, and swaps it when the language changes', async () => {
    const i18n = await initI18n('ru');
    await loadNamespaces(['map']);
    const map = mapIn();
    const inRussian = tileAttribution(osm, (link) => i18n.t('map:attributionOsm', { osm: link }));
    const hide = showAttribution(map, inRussian);
    const control = element!.querySelector('.leaflet-control-attribution')!;
    expect(control.textContent).toContain('© участники OpenStreetMap');
    expect(control.textContent).not.toMatch(/contributors/);
    expect(control.querySelector('a[href="https://www.openstreetmap.org/copyright"]')?.textContent).toBe('OpenStreetMap');
    hide();
    expect(control.textContent).not.toContain('участники');
    map.remove();
  });

  it('has OpenStreetMap’s attribution translated in every language, with the link kept', async () => {
    for (const language of languages) {
      const i18n = await initI18n(language);
      await loadNamespaces(['map']);
      const text = i18n.t('map:attributionOsm', { osm: '<a>OpenStreetMap</a>' });
      expect(text, language).toContain('<a>OpenStreetMap</a>');
      if (language !== 'en') expect(text, language).not.toMatch(/contributors/i);
    }
  });

  it('leaves another provider’s attribution as the brand gives it', () => {
    expect(tileAttribution('© Tiles by Example', () => 'unused')).toBe('© Tiles by Example');
  });
});
