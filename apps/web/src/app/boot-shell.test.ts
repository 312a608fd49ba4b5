import { describe, expect, it } from 'vitest';
import { languages } from '@evcharge/domain/constants';
import { brandLogoImage } from '@/components/brand-logo';
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
    expect(logo.getAttribute('src')).toBe(brandLogoImage.src);
    expect(logo.getAttribute('alt')).toBe('');
  });

  it('have a logo that needs no request', () => {
    expect(brandLogoImage.src.startsWith('data:image/svg+xml,')).toBe(true);
    const svg = new DOMParser().parseFromString(decodeURIComponent(brandLogoImage.src.slice('data:image/svg+xml,'.length)), 'image/svg+xml');
    expect(svg.documentElement.nodeName).toBe('svg');
    expect(svg.querySelectorAll('path')).toHaveLength(3);
  });
});
