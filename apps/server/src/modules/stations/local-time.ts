// Times in answers are in the client's UTC offset (the `offset` query of SPEC §7), a fixed
// offset in minutes, east positive. Opening hours: @evcharge/domain/station-hours.

const pad = (value: number) => String(value).padStart(2, '0');

/** ISO 8601 with a fixed offset and whole seconds: "2026-11-21T23:10:00+05:00". */
export function formatInOffset(at: Date, offsetMinutes: number): string {
  const local = new Date(Math.floor(at.getTime() / 1000) * 1000 + offsetMinutes * 60_000);
  const sign = offsetMinutes < 0 ? '-' : '+';
  const abs = Math.abs(offsetMinutes);
  const date = local.toISOString().slice(0, 19);
  return `${date}${sign}${pad(Math.floor(abs / 60))}:${pad(abs % 60)}`;
}
