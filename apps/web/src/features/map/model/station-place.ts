import type { StationSummary } from '@evcharge/api/stations/station-schemas';
import { availabilityCode, chargeClassCode } from './codes';
import type { PointedStation } from './station-focus';

// Apart from station-focus.ts, which the map home needs on its first screen: the list beside
// the map (loaded when shown) is what turns its stations into places the map draws.

/** A listed station as the map draws it. */
export function pointedStation(station: StationSummary): PointedStation {
  return {
    id: station.id,
    place: {
      lat: station.lat,
      lng: station.lng,
      availability: availabilityCode[station.availability],
      chargeClass: chargeClassCode[station.chargeClass],
    },
  };
}
