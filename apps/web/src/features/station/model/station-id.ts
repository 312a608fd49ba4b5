const GUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A station's `?id=` (detailStation, comments): its GUID, anything else names no station. */
export function isStationId(value: string): boolean {
  return GUID.test(value);
}
