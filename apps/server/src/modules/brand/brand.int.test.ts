import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { brandSchema, getBrand } from '@evcharge/api/brand/get-brand';
import { getLegal, legalDocuments } from '@evcharge/api/brand/get-legal';
import { languages } from '@evcharge/domain/constants';
import type { ErrorBody } from '@evcharge/domain/errors';
import { legalRoot } from '../../brand/legal';
import { createUser, signInAs } from '../../test/builders';
import { withTestServer } from '../../test/hooks';

const server = withTestServer();

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
      analyticsCounterId: null,
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
      const exists = existsSync(new URL(`${lang}/privacypolicy.json`, legalRoot));
      expect(res.body.lang).toBe(exists ? lang : 'en');
    }
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
