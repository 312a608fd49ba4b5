import { describe, expect, it } from 'vitest';
import { languages } from '@evcharge/domain/constants';
import { DEFAULT_ICON_URL } from '@/components/brand-logo';
import { APP_NAME, mapHomeShellHtml, splashShellHtml } from './boot-shell';
import indexHtml from '../../index.html?raw';

const appNames = import.meta.glob<string>('../locales/*/common.json', { eager: true, import: 'appName' });

function parse(html: string): HTMLElement {
  const host = document.createElement('div');
  host.innerHTML = html;
  return host;
}

describe('static shells', () => {
  it('go into index.html where the app renders', () => {
    expect(indexHtml).toContain('<div id="root"><!--boot-shell--></div>');
  });

  it('say nothing that depends on the language: the app name is the same in every language', () => {
    expect(Object.keys(appNames)).toHaveLength(languages.length);
    for (const name of Object.values(appNames)) expect(name).toBe(APP_NAME);
    expect(parse(mapHomeShellHtml()).textContent).toBe(APP_NAME);
    expect(parse(splashShellHtml()).textContent).toBe('');
  });

  it('are hidden from assistive technology and offer nothing to press before the app runs', () => {
    for (const html of [mapHomeShellHtml(), splashShellHtml()]) {
      const shell = parse(html).firstElementChild!;
      expect(shell.getAttribute('aria-hidden')).toBe('true');
      expect(shell.querySelectorAll('a, button, input, select, textarea, [tabindex]')).toHaveLength(0);
    }
  });

  it('draw the map home with the real screens\' classes and the map placeholder the page shows', () => {
    const shell = parse(mapHomeShellHtml());
    for (const selector of ['.shell > .app-header', '.shell__main > .map-home[data-view="map"]', '.map-toolbar .segmented', '.map-home__stage .map-home__placeholder', '.tab-bar']) {
      expect(shell.querySelector(selector), selector).not.toBeNull();
    }
    const logo = shell.querySelector<HTMLImageElement>('.map-home__logo')!;
    expect(logo.getAttribute('src')).toBe(DEFAULT_ICON_URL);
    expect(logo.getAttribute('alt')).toBe('');
  });

  it("name the icon and title the server writes the host's brand over (plugins/brand-page.ts)", () => {
    for (const html of [mapHomeShellHtml(), splashShellHtml()]) {
      const images = [...parse(html).querySelectorAll('img')];
      expect(images.length).toBeGreaterThan(0);
      for (const image of images) expect(image.getAttribute('src')).toBe(DEFAULT_ICON_URL);
    }
    expect(mapHomeShellHtml()).toContain(`<span class="brand-mark__title">${APP_NAME}</span>`);
    expect(indexHtml).toContain(`href="${DEFAULT_ICON_URL}"`);
    expect(indexHtml).toContain('<link rel="manifest" href="/manifest.webmanifest" />');
  });
});
