import { describe, expect, it } from 'vitest';
import { addressWithCity, placeLines } from './place-text';

describe('place text', () => {
  it.each([
    ['Leningradsky Ave, 163, Moscow', 'Moscow', 'Leningradsky Ave, 163, Moscow'],
    ['Abay Ave 10', 'Almaty', 'Abay Ave 10, Almaty'],
    ['Abay Ave 10', '', 'Abay Ave 10'],
  ])('%j in %j', (address, city, text) => {
    expect(addressWithCity(address, city)).toBe(text);
  });

  it.each([
    ['the city once when the address ends in it and the region is the city', 'Tverskaya St, 12, Moscow', 'Moscow', 'Moscow', 'Tverskaya St, 12, Moscow', null],
    ['the city once when the address lacks it', 'Tverskaya St, 12', 'Moscow', 'Moscow', 'Tverskaya St, 12, Moscow', null],
    ['a region that is not the city', 'Baumana St, 5, Kazan', 'Kazan', 'Tatarstan', 'Baumana St, 5, Kazan', 'Tatarstan'],
    ['a region of another case as the city', 'Nevsky Ave, 1, Saint Petersburg', 'Saint Petersburg', 'saint petersburg', 'Nevsky Ave, 1, Saint Petersburg', null],
    ['no region', 'Abay Ave 10', 'Almaty', '', 'Abay Ave 10, Almaty', null],
  ])('%s', (_name, address, city, region, line, second) => {
    expect(placeLines({ address, city, region })).toEqual({ address: line, region: second });
  });
});
