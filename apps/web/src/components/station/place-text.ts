/**
 * "Leningradsky Ave 163, Moscow": the address, with the city only when the address does not
 * already end in it (operators write addresses both ways).
 */
export function addressWithCity(address: string, city: string): string {
  if (!city || address.toLocaleLowerCase().includes(city.toLocaleLowerCase())) return address;
  return `${address}, ${city}`;
}

/** City and region for the second line, without saying "Moscow, Moscow". */
export function cityAndRegion(city: string, region: string): string {
  if (!region || region.toLocaleLowerCase() === city.toLocaleLowerCase()) return city;
  return [city, region].filter(Boolean).join(', ');
}
