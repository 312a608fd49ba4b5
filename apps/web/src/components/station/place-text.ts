const contains = (text: string, part: string) =>
  part !== '' && text.toLocaleLowerCase().includes(part.toLocaleLowerCase());

/**
 * "Leningradsky Ave 163, Moscow": the address, with the city only when the address does not
 * already end in it (operators write addresses both ways).
 */
export function addressWithCity(address: string, city: string): string {
  if (!city || contains(address, city)) return address;
  return `${address}, ${city}`;
}

/**
 * A station's place in two lines, each name once: the address with its city, then the region
 * when it is neither the city nor already in the address (never "Moscow" under "…, Moscow").
 */
export function placeLines(place: { address: string; city: string; region: string }): {
  address: string;
  region: string | null;
} {
  const address = addressWithCity(place.address, place.city);
  const region = place.region && !contains(address, place.region) ? place.region : null;
  return { address, region };
}
