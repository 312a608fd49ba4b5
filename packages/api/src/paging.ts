import { z } from 'zod';
import { rule } from '@evcharge/domain/validation';

// How the lists page: by number (`page`, `pageSize`) or by position (`offset`, `limit`) in the
// query string, and the answer's page of items with how many there are in all.

/** A numbered page in a query string: pages count from 1, up to 100 items a page. */
export const pageQuerySchema = z.object({
  page: z.coerce
    .number({ error: rule.number })
    .int({ error: rule.invalid })
    .min(1, { error: rule.invalid })
    .default(1),
  pageSize: z.coerce
    .number({ error: rule.number })
    .int({ error: rule.invalid })
    .min(1, { error: rule.invalid })
    .max(100, { error: rule.invalid })
    .default(20),
});

/** A slice by position in a query string: `offset` items skipped, at most `limit` (up to 100). */
export const offsetPagingQuerySchema = z.object({
  offset: z.coerce.number({ error: rule.number }).int().min(0).default(0),
  limit: z.coerce.number({ error: rule.number }).int().min(1).max(100).default(20),
});

/** One page of `item`s and how many items there are in all. */
export function pageOf<Item extends z.ZodType>(item: Item) {
  return z.object({ items: z.array(item), total: z.number().int() });
}

/** Which numbered page an answer is: its number and size, as asked or defaulted. */
export const pagePositionSchema = z.object({ page: z.number().int(), pageSize: z.number().int() });

/** A numbered page of `item`s: the items, the total, the page's number and size. */
export function numberedPageOf<Item extends z.ZodType>(item: Item) {
  return pageOf(item).extend(pagePositionSchema.shape);
}

/** The client's UTC offset in minutes (east positive), for local times and days in the answer. */
export const utcOffsetMinutesSchema = z.coerce
  .number({ error: rule.number })
  .int({ error: rule.invalid })
  .min(-14 * 60, { error: rule.invalid })
  .max(14 * 60, { error: rule.invalid });

/** A page number alone (the server's own page size), from 1. */
export const pageNumberSchema = z.coerce
  .number({ error: rule.number })
  .int({ error: rule.invalid })
  .min(1, { error: rule.invalid })
  .max(10_000, { error: rule.invalid })
  .default(1);

/**
 * A cursor of a long poll or of history: the sequence number of the last item the client
 * holds (0 for none). DESIGN.md Real time: nothing after it is lost across reconnects.
 */
export const seqCursorSchema = z.coerce
  .number({ error: rule.number })
  .int({ error: rule.invalid })
  .min(0, { error: rule.invalid })
  .max(Number.MAX_SAFE_INTEGER, { error: rule.invalid });

/** How long a long poll may be held, in whole seconds up to `max` (tests ask for less). */
export function pollWaitSchema(max: number) {
  return z.coerce
    .number({ error: rule.number })
    .int({ error: rule.invalid })
    .min(0, { error: rule.invalid })
    .max(max, { error: rule.invalid })
    .optional();
}

/**
 * A page of a sequence read backwards (a chat's history): at most `limit` items before the
 * seq `before` (absent: the newest page), oldest first within the page.
 */
export function pageBeforeQuerySchema(defaultLimit: number) {
  return z.object({
    before: seqCursorSchema.optional(),
    limit: z.coerce
      .number({ error: rule.number })
      .int({ error: rule.invalid })
      .min(1, { error: rule.invalid })
      .max(100, { error: rule.invalid })
      .default(defaultLimit),
  });
}
