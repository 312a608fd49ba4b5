import type { StationLabel } from '@evcharge/domain/connector-status';
import type { ErrorCode } from '@evcharge/domain/errors';

export type RefusingLabel = Exclude<StationLabel, 'works'>;

/**
 * SPEC §4 station labels: a station not working, under repair or opening soon takes no start
 * (nor a reservation); the app says why in the words of the server's refusal (errors:<code>).
 */
export const labelRefusalCode = {
  notWorking: 'STATION_NOT_WORKING',
  underRepair: 'STATION_UNDER_REPAIR',
  openingSoon: 'STATION_OPENING_SOON',
} as const satisfies Record<RefusingLabel, ErrorCode>;

export function isRefusingLabel(value: string | null | undefined): value is RefusingLabel {
  return typeof value === 'string' && Object.hasOwn(labelRefusalCode, value);
}
