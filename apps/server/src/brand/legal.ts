import { readFile } from 'node:fs/promises';
import { pathToFileURL } from 'node:url';
import { z } from 'zod';
import { FALLBACK_LANGUAGE, type Language } from '@evcharge/domain/constants';
import type { legalDocuments } from '@evcharge/api/brand/get-legal';
import { serverDir } from '../server-dir';

type LegalDocument = (typeof legalDocuments)[number];

const legalFileSchema = z.object({
  title: z.string().min(1),
  version: z.string().min(1),
  updatedAt: z.string().min(1),
  sections: z
    .array(z.object({ heading: z.string().min(1), paragraphs: z.array(z.string().min(1)).min(1) }))
    .min(1),
});
export type LegalText = z.infer<typeof legalFileSchema> & {
  document: LegalDocument;
  lang: Language;
};

/** src/brand/legal/<brand>/<lang>/<document>.json: each brand writes its own. */
export function legalRoot(brandId: string): URL {
  return new URL(`src/brand/legal/${brandId}/`, pathToFileURL(serverDir));
}

const cache = new Map<string, LegalText | null>();

async function readLegal(
  document: LegalDocument,
  lang: Language,
  root: URL,
): Promise<LegalText | null> {
  const key = `${root.href}${lang}/${document}`;
  if (cache.has(key)) return cache.get(key) ?? null;
  // The path is built from two closed enums (the contract validated both), never from raw input.
  const url = new URL(`${lang}/${document}.json`, root);
  let text: LegalText | null = null;
  try {
    const parsed = legalFileSchema.parse(JSON.parse(await readFile(url, 'utf8')));
    text = { ...parsed, document, lang };
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  cache.set(key, text);
  return text;
}

/**
 * The brand's text in `lang`, or the brand's English one when that translation does not exist
 * (yet): never another brand's text (SPEC §1: legal texts depend on the brand). `root` is the
 * brand's folder (`legalRoot(brand.id)`).
 */
export async function legalText(
  document: LegalDocument,
  lang: Language,
  root: URL,
): Promise<LegalText> {
  const text =
    (await readLegal(document, lang, root)) ?? (await readLegal(document, FALLBACK_LANGUAGE, root));
  if (!text) throw new Error(`Missing legal text ${FALLBACK_LANGUAGE}/${document}`);
  return text;
}
