import { emptyWeek, type Sharing } from '@evcharge/domain/private-station';
import { privateStations } from './schema/private-stations';

// A private station's terms for other drivers, read beside the station by every repository
// that decides who may use it (domain/private-station.ts): select `sharingColumns` with a left
// join of private_stations on the station, then `withSharing` turns them into `sharing`.

export const sharingColumns = {
  sharingStationId: privateStations.stationId,
  isShared: privateStations.isShared,
  weekly: privateStations.weekly,
  datesOff: privateStations.datesOff,
};

type SharingColumns = {
  sharingStationId: string | null;
  isShared: boolean | null;
  weekly: Sharing['weekly'] | null;
  datesOff: string[] | null;
};

/** The row without the sharing columns, and its sharing (null without a private_stations row). */
export function withSharing<T extends SharingColumns>(
  row: T,
): Omit<T, keyof SharingColumns> & { sharing: Sharing | null } {
  const { sharingStationId, isShared, weekly, datesOff, ...rest } = row;
  const sharing =
    sharingStationId === null
      ? null
      : { isShared: isShared ?? false, weekly: weekly ?? emptyWeek(), datesOff: datesOff ?? [] };
  return { ...rest, sharing };
}
