// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { brandById, publicBrand } from '../brand/brands';
import {
  BRAND_DATA_ID,
  brandedPage,
  brandedPushHandler,
  brandedServiceWorker,
  brandFingerprint,
  brandManifest,
} from './brand-page';

// The shape of the web build's pages (apps/web/index.html with the static shell).
const page = `<!doctype html>
<html lang="ru"><head>
<meta name="theme-color" content="#0b6e4f" />
<link rel="icon" href="/icon.svg" type="image/svg+xml" />
<title>evcharge</title>
</head><body><div id="root"><span class="brand-mark"><img class="brand-mark__logo" src="/icon.svg" alt=""><span class="brand-mark__title">evcharge</span></span><img class="map-home__logo" src="/icon.svg" alt=""></div></body></html>`;

const volt = publicBrand(brandById('volt'));
const demo = publicBrand(brandById('demo'));

// jsdom's DOMParser (this file's environment); the server's own types know no DOM.
type Element = { getAttribute: (name: string) => string | null; textContent: string | null };
type Page = {
  title: string;
  querySelector: (selector: string) => Element | null;
  querySelectorAll: (selector: string) => ArrayLike<Element> & Iterable<Element>;
  getElementById: (id: string) => Element | null;
};
const { DOMParser } = globalThis as unknown as {
  DOMParser: new () => { parseFromString: (html: string, type: string) => Page };
};
const parse = (html: string) => new DOMParser().parseFromString(html, 'text/html');

describe('brandedPage', () => {
  it("writes the brand's title, theme colour, icon and colours into the page", () => {
    const doc = parse(brandedPage(page, volt));
    expect(doc.title).toBe('Volt Charge');
    expect(doc.querySelector('meta[name="theme-color"]')?.getAttribute('content')).toBe('#6d28d9');
    expect(doc.querySelector('link[rel="icon"]')?.getAttribute('href')).toBe('/brands/volt/icon.svg');
    for (const image of doc.querySelectorAll('img')) {
      expect(image.getAttribute('src')).toBe('/brands/volt/icon.svg');
    }
    expect(doc.querySelector('.brand-mark__title')?.textContent).toBe('Volt Charge');
    const style = doc.getElementById('brand-colors')?.textContent ?? '';
    expect(style).toContain('--brand:#6d28d9');
    expect(style).toContain('--accent:#f97316');
    const data = JSON.parse(doc.getElementById(BRAND_DATA_ID)?.textContent ?? 'null');
    expect(data).toEqual(volt);
    expect(data).not.toHaveProperty('shop');
  });

  it('keeps a title that looks like markup as text, inside and outside the JSON', () => {
    const evil = { ...demo, title: '</script><script>alert(1)</script>' };
    const html = brandedPage(page, evil);
    expect(html).not.toContain('<script>alert(1)');
    const doc = parse(html);
    expect(doc.title).toBe(evil.title);
    expect(doc.querySelectorAll('script')).toHaveLength(1);
    expect(JSON.parse(doc.getElementById(BRAND_DATA_ID)!.textContent!).title).toBe(evil.title);
  });

  it('gives the demo brand its own page', () => {
    const doc = parse(brandedPage(page, demo));
    expect(doc.title).toBe('evcharge');
    expect(doc.querySelector('link[rel="icon"]')?.getAttribute('href')).toBe('/icon.svg');
  });
});

describe('brandManifest', () => {
  it("names the installed app and its icons after the brand", () => {
    expect(brandManifest(volt)).toMatchObject({
      name: 'Volt Charge',
      short_name: 'Volt',
      theme_color: '#6d28d9',
      start_url: '/',
      display: 'standalone',
      icons: [
        { src: '/brands/volt/icon.svg', purpose: 'any' },
        { src: '/brands/volt/icon-maskable.svg', purpose: 'maskable' },
      ],
    });
  });
});

describe('brandedServiceWorker', () => {
  const worker =
    'e.precacheAndRoute([{url:"assets/a-1.js",revision:null},{url:"index.html",revision:"abc"},{url:"app.html",revision:"def"},{url:"push-sw.js",revision:"123"},{url:"icon.svg",revision:"9"}],{})';

  it("marks the branded files' revisions with the brand, and nothing else", () => {
    const branded = brandedServiceWorker(worker, volt)!;
    const mark = brandFingerprint(volt);
    expect(branded).toContain(`{url:"index.html",revision:"abc.${mark}"}`);
    expect(branded).toContain(`{url:"app.html",revision:"def.${mark}"}`);
    expect(branded).toContain(`{url:"push-sw.js",revision:"123.${mark}"}`);
    expect(branded).toContain('{url:"icon.svg",revision:"9"}');
    expect(branded).toContain('{url:"assets/a-1.js",revision:null}');
  });

  it('differs between brands, and when a brand changes', () => {
    expect(brandedServiceWorker(worker, volt)).not.toBe(brandedServiceWorker(worker, demo));
    expect(brandedServiceWorker(worker, { ...volt, colors: { ...volt.colors, primary: '#000000' } })).not.toBe(
      brandedServiceWorker(worker, volt),
    );
  });

  it('says so when the worker precaches none of the files', () => {
    expect(brandedServiceWorker('e.precacheAndRoute([],{})', volt)).toBeNull();
  });
});

describe('brandedPushHandler', () => {
  it("shows the brand's icon on a notification", () => {
    expect(brandedPushHandler("icon: '/icon.svg',", volt)).toBe('icon: "/brands/volt/icon.svg",');
  });
});
