import type { StaffRole } from './reviews';

// SPEC §1 and §9: support hours in one brand are 9:00-21:00 (UTC+2), with a response within
// 30 minutes; SPEC §3 Message: text and files; SPEC §5 and §9: uploads of at most 500 kB.

export const SUPPORT_OPENS_HOUR = 9;
export const SUPPORT_CLOSES_HOUR = 21;
/** The brand's support hours are kept in UTC+2 (SPEC §1), whatever the driver's zone. */
export const SUPPORT_UTC_OFFSET_HOURS = 2;
/** Within the hours, support answers within this many minutes (SPEC §1). */
export const SUPPORT_ANSWER_MINUTES = 30;

export const MESSAGE_TEXT_MAX = 4000;
export const MESSAGE_FILES_MAX = 3;
/** SPEC §9 upload limit, for images and PDF alike (500 kB, as review photos). */
export const MESSAGE_FILE_MAX_BYTES = 500 * 1024;
export const MESSAGE_FILE_NAME_MAX = 120;
export const MESSAGE_FILE_TYPES = ['image/jpeg', 'image/png', 'application/pdf'] as const;
export type MessageFileType = (typeof MESSAGE_FILE_TYPES)[number];

/** Who wrote a message: the driver, a support agent, or the service (the hours notice). */
export const messageAuthors = ['user', 'support', 'system'] as const;
export type MessageAuthor = (typeof messageAuthors)[number];

/**
 * What a message is: a chat message; feedback about the app itself (from help and profile,
 * into the same inbox, marked); or the service's notice that support is closed.
 */
export const messageKinds = ['message', 'feedback', 'notice'] as const;
export type MessageKind = (typeof messageKinds)[number];

/**
 * A session carries into the chat when a message is written while it runs or within this
 * many hours of its end (DESIGN: the chat carries the session).
 */
export const SUPPORT_SESSION_RECENT_HOURS = 24;

/** The service does not repeat its closed-hours notice within this many hours. */
export const SUPPORT_NOTICE_REPEAT_HOURS = 6;

export type SupportHours = {
  /** Support answers now. */
  open: boolean;
  /** When support next opens (now, when open). */
  opensAt: Date;
  /** When the current or next working period ends. */
  closesAt: Date;
};

const HOUR_MS = 3_600_000;

/**
 * When a brand's support works: from one whole hour to another of its wall clock, at its
 * offset from UTC (SPEC §1: "support hours in one brand are 9:00-21:00 (UTC+2)"; another brand
 * has its own, Brand.support.hours).
 */
export type SupportSchedule = { fromHour: number; toHour: number; utcOffsetMinutes: number };

/** SPEC §1: the hours of the brand the specification describes. */
export const SPEC_SUPPORT_SCHEDULE: SupportSchedule = {
  fromHour: SUPPORT_OPENS_HOUR,
  toHour: SUPPORT_CLOSES_HOUR,
  utcOffsetMinutes: SUPPORT_UTC_OFFSET_HOURS * 60,
};

/** A brand's hours ("HH:MM" to "HH:MM" at an offset) as a schedule; minutes are not kept. */
export function supportSchedule(hours: {
  from: string;
  to: string;
  utcOffsetMinutes: number;
}): SupportSchedule {
  const hour = (time: string) => Number(time.slice(0, 2));
  return { fromHour: hour(hours.from), toHour: hour(hours.to), utcOffsetMinutes: hours.utcOffsetMinutes };
}

/** Whether support works at `now`, and when it next opens and closes (SPEC §1 hours). */
export function supportHours(now: Date, schedule: SupportSchedule = SPEC_SUPPORT_SCHEDULE): SupportHours {
  const offset = schedule.utcOffsetMinutes * 60_000;
  // The brand's wall clock, as a UTC date whose fields read as its local time.
  const local = new Date(now.getTime() + offset);
  const dayStart = Date.UTC(local.getUTCFullYear(), local.getUTCMonth(), local.getUTCDate());
  const opensToday = dayStart + schedule.fromHour * HOUR_MS;
  const closesToday = dayStart + schedule.toHour * HOUR_MS;
  const at = local.getTime();
  const toUtc = (localMs: number) => new Date(localMs - offset);
  if (at >= opensToday && at < closesToday) {
    return { open: true, opensAt: now, closesAt: toUtc(closesToday) };
  }
  const nextOpen = at < opensToday ? opensToday : opensToday + 24 * HOUR_MS;
  const nextClose = at < opensToday ? closesToday : closesToday + 24 * HOUR_MS;
  return { open: false, opensAt: toUtc(nextOpen), closesAt: toUtc(nextClose) };
}

/** The file type by its content's first bytes (never by its name): JPEG, PNG or PDF. */
export function sniffMessageFile(bytes: Uint8Array): MessageFileType | null {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) {
    return 'image/jpeg';
  }
  const png = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
  if (bytes.length >= png.length && png.every((byte, i) => bytes[i] === byte)) return 'image/png';
  // "%PDF-" (ISO 32000-1 §7.5.2 file header).
  const pdf = [0x25, 0x50, 0x44, 0x46, 0x2d];
  if (bytes.length >= pdf.length && pdf.every((byte, i) => bytes[i] === byte)) {
    return 'application/pdf';
  }
  return null;
}

/** Who answers in the support chat (SPEC §6 support staff): support agents and administrators. */
export function canAnswerSupport(role: StaffRole | null): boolean {
  return role === 'support' || role === 'admin';
}
