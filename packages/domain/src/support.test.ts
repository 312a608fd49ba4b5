import { describe, expect, it } from 'vitest';
import { canAnswerSupport, sniffMessageFile, supportHours, supportSchedule } from './support';

// SPEC §1: support answers 9:00-21:00 in UTC+2, whatever the driver's zone; SPEC §3 Message:
// a file's type is told by its bytes.

/** A moment given as the brand's wall clock (UTC+2). */
const local = (day: string, time: string) => new Date(`${day}T${time}:00+02:00`);

describe('supportHours', () => {
  it('is closed at 8:59 and opens at 9:00 (UTC+2)', () => {
    expect(supportHours(local('2026-11-26', '08:59'))).toEqual({
      open: false,
      opensAt: local('2026-11-26', '09:00'),
      closesAt: local('2026-11-26', '21:00'),
    });
    const nine = local('2026-11-26', '09:00');
    expect(supportHours(nine)).toEqual({
      open: true,
      opensAt: nine,
      closesAt: local('2026-11-26', '21:00'),
    });
  });

  it('is open at 20:59 and closed from 21:00 until 9:00 the next day', () => {
    const late = local('2026-11-26', '20:59');
    expect(supportHours(late)).toEqual({
      open: true,
      opensAt: late,
      closesAt: local('2026-11-26', '21:00'),
    });
    expect(supportHours(local('2026-11-26', '21:00'))).toEqual({
      open: false,
      opensAt: local('2026-11-27', '09:00'),
      closesAt: local('2026-11-27', '21:00'),
    });
  });

  it('counts the night across midnight, in UTC+2 and not in UTC', () => {
    // 23:30 UTC on the 26th is 1:30 on the 27th in UTC+2: it opens at 9:00 on the 27th.
    expect(supportHours(new Date('2026-11-26T23:30:00Z'))).toMatchObject({
      open: false,
      opensAt: local('2026-11-27', '09:00'),
    });
    // 22:30 UTC on the 26th is 0:30 on the 27th: still the same morning.
    expect(supportHours(new Date('2026-11-26T22:30:00Z')).opensAt).toEqual(
      local('2026-11-27', '09:00'),
    );
    // 21:59 UTC is 23:59 in UTC+2 on the 26th: the next morning.
    expect(supportHours(new Date('2026-11-26T21:59:00Z')).opensAt).toEqual(
      local('2026-11-27', '09:00'),
    );
    // Across a month's and a year's end.
    expect(supportHours(local('2026-12-31', '23:00')).opensAt).toEqual(
      local('2027-01-01', '09:00'),
    );
    // 7:00 UTC is 9:00 in UTC+2: open.
    expect(supportHours(new Date('2026-11-26T07:00:00Z')).open).toBe(true);
    expect(supportHours(new Date('2026-11-26T06:59:59Z')).open).toBe(false);
  });
});

describe('sniffMessageFile', () => {
  const bytes = (...values: number[]) => new Uint8Array(values);

  it('tells JPEG, PNG and PDF by their first bytes', () => {
    expect(sniffMessageFile(bytes(0xff, 0xd8, 0xff, 0xe0, 0))).toBe('image/jpeg');
    expect(sniffMessageFile(bytes(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0))).toBe(
      'image/png',
    );
    expect(sniffMessageFile(new TextEncoder().encode('%PDF-1.7\n%…'))).toBe('application/pdf');
  });

  it('refuses anything else, and a truncated header', () => {
    expect(sniffMessageFile(new TextEncoder().encode('just some text, named .pdf'))).toBeNull();
    expect(sniffMessageFile(new TextEncoder().encode('%PDF'))).toBeNull();
    expect(sniffMessageFile(bytes(0xff, 0xd8))).toBeNull();
    expect(sniffMessageFile(bytes(0x89, 0x50, 0x4e, 0x47))).toBeNull();
    expect(sniffMessageFile(bytes())).toBeNull();
    expect(sniffMessageFile(new TextEncoder().encode('GIF89a'))).toBeNull();
  });
});

describe('canAnswerSupport', () => {
  it('lets support agents and administrators answer, nobody else', () => {
    expect(canAnswerSupport('support')).toBe(true);
    expect(canAnswerSupport('admin')).toBe(true);
    expect(canAnswerSupport('moderator')).toBe(false);
    expect(canAnswerSupport(null)).toBe(false);
  });
});

describe("another brand's hours", () => {
  // 08:00-22:00 at UTC+5 (Kazakhstan): 03:00-17:00 UTC.
  const volt = supportSchedule({ from: '08:00', to: '22:00', utcOffsetMinutes: 300 });

  it('reads the brand\'s hours as whole hours at its offset', () => {
    expect(volt).toEqual({ fromHour: 8, toHour: 22, utcOffsetMinutes: 300 });
  });

  it('is open and closed by its own clock', () => {
    expect(supportHours(new Date('2026-11-26T02:59:00Z'), volt)).toEqual({
      open: false,
      opensAt: new Date('2026-11-26T03:00:00Z'),
      closesAt: new Date('2026-11-26T17:00:00Z'),
    });
    expect(supportHours(new Date('2026-11-26T16:59:00Z'), volt).open).toBe(true);
    // 19:30 UTC: closed there, while the SPEC's brand (9-21 at UTC+2) is still open.
    expect(supportHours(new Date('2026-11-26T18:30:00Z'), volt)).toMatchObject({
      open: false,
      opensAt: new Date('2026-11-27T03:00:00Z'),
    });
    expect(supportHours(new Date('2026-11-26T18:30:00Z')).open).toBe(true);
  });
});
