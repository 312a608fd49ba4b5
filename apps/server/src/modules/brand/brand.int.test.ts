import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { brandSchema, getBrand } from '@evcharge/api/brand/get-brand';
import { getLegal, legalDocuments } from '@evcharge/api/brand/get-legal';
import { signUp } from '@evcharge/api/auth/sign-up';
import { languages } from '@evcharge/domain/constants';
import type { ErrorBody } from '@evcharge/domain/errors';
import { legalRoot } from '../../brand/legal';
import { createUser, signInAs, signUpBody, uniqueEmail, userRow } from '../../test/builders';
import { withTestServer } from '../../test/hooks';
import { requestAsHost } from '../../test/host-request';

// One deployment, two brands: the demo brand by default, the second one on its host name.
const server = withTestServer({ config: { brandHosts: { 'volt.example': 'volt' } } });

type Legal = { document: string; lang: string; title: string; sections: { heading: string }[] };

describe('GET /api/brand', () => {
  it('describes the demo brand', async () => {
    const res = await server.call(getBrand);
    expect(res.status).toBe(200);
    const brand = brandSchema.parse(res.body);
    expect(brand).toMatchObject({
      title: 'evcharge',
      iconUrl: '/icon.svg',
      currency: 'rub',
      country: 'ru',
      privacyPolicyVersion: '2026-10-01',
      analytics: { kind: 'none' },
      support: {
        hours: { from: '09:00', to: '21:00', utcOffsetMinutes: 120 },
        responseMinutes: 30,
      },
    });
    expect(brand.support.contacts.map((c) => c.type)).toEqual([
      'Email',
      'Telegram',
      'SupportPhoneNumber',
    ]);
    expect(brand.map.tileUrl).toBe('https://tile.openstreetmap.org/{z}/{x}/{y}.png');
    expect(brand.privateStations.platformFeePercent).toBe(15);
    // The shop's catalogue is not part of every page's first request.
    expect(res.body).not.toHaveProperty('shop');
  });

  it('describes the second brand to its host name, and the demo brand to any other', async () => {
    const volt = await requestAsHost(server.baseUrl, 'volt.example', '/api/brand');
    expect(volt.status).toBe(200);
    expect(brandSchema.parse(volt.json())).toMatchObject({
      id: 'volt',
      title: 'Volt Charge',
      iconUrl: '/brands/volt/icon.svg',
      currency: 'kzt',
      country: 'kk',
      analytics: { kind: 'matomo', url: 'https://stats.volt.demo/', siteId: '3' },
      support: { hours: { from: '08:00', to: '22:00', utcOffsetMinutes: 300 }, responseMinutes: 15 },
    });
    expect(volt.json()).not.toHaveProperty('shop');
    const other = await requestAsHost(server.baseUrl, 'other.example:8080', '/api/brand');
    expect(other.json<{ id: string }>().id).toBe('demo');
  });
});

describe('GET /api/brand/legal/:document', () => {
  it.each(
    legalDocuments.flatMap((document) =>
      (['ru', 'en'] as const).map((lang) => [document, lang] as const),
    ),
  )('%s in %s has real sections', async (document, lang) => {
    const res = await server.call<Legal>(getLegal, { params: { document }, query: { lang } });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ document, lang });
    expect(res.body.sections.length).toBeGreaterThanOrEqual(3);
  });

  it('answers every language, in English where a translation is missing', async () => {
    for (const lang of languages) {
      const res = await server.call<Legal>(getLegal, {
        params: { document: 'privacypolicy' },
        query: { lang },
      });
      expect(res.status).toBe(200);
      const exists = existsSync(new URL(`${lang}/privacypolicy.json`, legalRoot('demo')));
      expect(res.body.lang).toBe(exists ? lang : 'en');
    }
  });

  it("answers the host's brand's own texts, in its English where it has no translation", async () => {
    const volt = await requestAsHost(
      server.baseUrl,
      'volt.example',
      '/api/brand/legal/termsofuse?lang=kz',
    );
    expect(volt.json()).toMatchObject({ lang: 'kz', title: 'Volt Charge пайдалану шарттары' });
    const fallback = await requestAsHost(
      server.baseUrl,
      'volt.example',
      '/api/brand/legal/privacypolicy?lang=uz',
    );
    expect(fallback.json()).toMatchObject({ lang: 'en', title: 'Volt Charge privacy policy' });
    // The same document on the demo brand's host is the demo brand's, in Uzbek.
    const demo = await server.call<Legal>(getLegal, {
      params: { document: 'privacypolicy' },
      query: { lang: 'uz' },
    });
    expect(demo.body.lang).toBe('uz');
    expect(demo.body.title).not.toContain('Volt');
  });

  it("uses the signed-in user's language, else ru", async () => {
    const anonymous = await server.call<Legal>(getLegal, { params: { document: 'termsofuse' } });
    expect(anonymous.body.lang).toBe('ru');
    const user = await createUser(server.db, { lang: 'en' });
    const res = await server.call<Legal>(getLegal, {
      params: { document: 'termsofuse' },
      token: await signInAs(server, user),
    });
    expect(res.body.lang).toBe('en');
  });

  it('answers 400 for an unknown document or language', async () => {
    const doc = await server.call<ErrorBody>(getLegal, { params: { document: 'cookies' } });
    expect(doc.status).toBe(400);
    expect(doc.body.fields).toEqual([{ path: 'document', rule: 'invalid' }]);
    const lang = await server.call<ErrorBody>(getLegal, {
      params: { document: 'termsofuse' },
      query: { lang: '../../etc' },
    });
    expect(lang.body.fields).toEqual([{ path: 'lang', rule: 'invalid' }]);
  });
});

describe("an account made on a brand's host", () => {
  it("takes that brand's currency and policy, and its mail names the brand", async () => {
    const email = uniqueEmail('volt');
    const answer = await requestAsHost(server.baseUrl, 'volt.example', '/auth/clientsignup', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(signUpBody(email, 'kz')),
    });
    expect(answer.status).toBe(201);
    const { user } = answer.json<{ user: { id: string; currency: string } }>();
    expect(user.currency).toBe('kzt');
    expect(await userRow(server, user.id)).toMatchObject({
      brand: 'volt',
      currency: 'kzt',
      privacyPolicyVersion: '2026-09-15',
    });
    expect((await server.outbox.last(email)).subject).toMatch(/^Volt Charge: /);

    const demoEmail = uniqueEmail('demo');
    const demo = await server.call<{ user: { id: string } }>(signUp, { body: signUpBody(demoEmail) });
    expect(await userRow(server, demo.body.user.id)).toMatchObject({
      brand: 'demo',
      currency: 'rub',
      privacyPolicyVersion: '2026-10-01',
    });
    expect((await server.outbox.last(demoEmail)).subject).toMatch(/^evcharge: /);
  });
});
