import { existsSync } from 'node:fs';
import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { legalDocuments } from '@evcharge/api/brand/get-legal';
import { languages } from '@evcharge/domain/constants';
import { brandById, brandIds } from './brands';
import { legalRoot, legalText } from './legal';

describe('legal texts', () => {
  // Translators add languages over time; whatever is there must be complete and valid.
  it.each(
    brandIds.flatMap((brand) =>
      legalDocuments.flatMap((d) => languages.map((l) => [brand, d, l] as const)),
    ),
  )("%s's %s in %s is its own translation or the brand's English one", async (brand, document, lang) => {
    const root = legalRoot(brand);
    const exists = existsSync(new URL(`${lang}/${document}.json`, root));
    const text = await legalText(document, lang, root);
    expect(text.lang).toBe(exists ? lang : 'en');
    expect(text.sections.length).toBeGreaterThanOrEqual(3);
  });

  it.each(brandIds)("%s's texts are of its own privacy-policy version", async (brand) => {
    for (const lang of languages) {
      const text = await legalText('privacypolicy', lang, legalRoot(brand));
      expect(text.version).toBe(brandById(brand).privacyPolicyVersion);
    }
  });

  it('every brand has its texts in English, the fallback', () => {
    for (const brand of brandIds) {
      for (const document of legalDocuments) {
        expect(existsSync(new URL(`en/${document}.json`, legalRoot(brand)))).toBe(true);
      }
    }
  });

  describe('with only English present', () => {
    let dir: string;
    beforeAll(async () => {
      dir = await mkdtemp(path.join(tmpdir(), 'legal-'));
      await mkdir(path.join(dir, 'en'));
      const en = {
        title: 'T',
        version: '1',
        updatedAt: '2026-01-01',
        sections: [{ heading: 'H', paragraphs: ['P'] }],
      };
      await writeFile(path.join(dir, 'en', 'termsofuse.json'), JSON.stringify(en));
    });
    afterAll(async () => {
      await rm(dir, { recursive: true, force: true });
    });

    it('falls back to en for a missing language', async () => {
      const root = pathToFileURL(`${dir}/`);
      expect(await legalText('termsofuse', 'uz', root)).toMatchObject({ lang: 'en', title: 'T' });
      await expect(legalText('privacypolicy', 'uz', root)).rejects.toThrow(/Missing legal text/);
    });
  });
});
