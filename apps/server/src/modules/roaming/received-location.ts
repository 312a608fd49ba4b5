import { z } from 'zod';
import { evse as evseSchema, location as locationSchema } from '@evcharge/api/ocpi/types';

// What a partner sends of a Location (OCPI 2.2.1 §8.3) is read leniently where only what a
// driver reads depends on it, and strictly where money or access does. What we send keeps the
// standard's shapes exactly (packages/api/src/ocpi/types.ts); what we receive is mended first:
// - an optional text over its length is cut (a Location's name 255, postal_code 10, state 20;
//   an EVSE's floor_level 4, physical_reference 16);
// - opening_times without `twentyfourseven` but with `regular_hours` reads as not open round the
//   clock (its regular hours say when it is);
// - an EVSE that is invalid is left out, not its whole Location.
// Ids, coordinates, times, connector standards, power and tariff ids are never guessed: an EVSE
// with a bad one is left out, a Location with a bad one is refused (answered 2001 with why).
// Each mend is a note for the log.

type Record_ = Record<string, unknown>;
const isRecord = (value: unknown): value is Record_ => typeof value === 'object' && value !== null && !Array.isArray(value);

const locationTexts = { name: 255, postal_code: 10, state: 20 };
const evseTexts = { floor_level: 4, physical_reference: 16 };

function cutTexts(object: Record_, limits: Record<string, number>, where: string, notes: string[]): Record_ {
  const cut = { ...object };
  for (const [key, limit] of Object.entries(limits)) {
    const text = cut[key];
    if (typeof text === 'string' && text.length > limit) {
      cut[key] = text.slice(0, limit);
      notes.push(`${where}${key} cut from ${text.length} to ${limit} characters`);
    }
  }
  return cut;
}

/** An EVSE as we keep it: its optional texts cut to their lengths. */
export function mendEvse(raw: unknown, notes: string[], where = ''): unknown {
  return isRecord(raw) ? cutTexts(raw, evseTexts, where, notes) : raw;
}

/** A Location as we keep it, and what was mended (`notes`); not valid yet, the schema decides. */
export function mendLocation(raw: unknown): { value: unknown; notes: string[] } {
  const notes: string[] = [];
  if (!isRecord(raw)) return { value: raw, notes };
  const value = cutTexts(raw, locationTexts, '', notes);
  const hours = value.opening_times;
  if (isRecord(hours) && hours.twentyfourseven === undefined && Array.isArray(hours.regular_hours)) {
    value.opening_times = { ...hours, twentyfourseven: false };
    notes.push('opening_times.twentyfourseven missing: read as false, regular_hours given');
  }
  if (Array.isArray(value.evses)) {
    value.evses = value.evses
      .map((evse, index) => mendEvse(evse, notes, `evses.${index}.`))
      .filter((evse, index) => {
        const parsed = evseSchema.safeParse(evse);
        if (parsed.success) return true;
        const issue = parsed.error.issues[0];
        const uid = isRecord(evse) && typeof evse.uid === 'string' ? ` (${evse.uid})` : '';
        notes.push(`evses.${index}${uid} left out: ${issue?.path.join('.') ?? ''} ${issue?.message ?? 'invalid'}`.trim());
        return false;
      });
  }
  return { value, notes };
}

/** The Location schema for what a partner sends: mended first, each note told to `onNote`. */
export const receivedLocation = (onNote: (note: string) => void) =>
  z.preprocess((raw) => {
    const { value, notes } = mendLocation(raw);
    notes.forEach(onNote);
    return value;
  }, locationSchema);
