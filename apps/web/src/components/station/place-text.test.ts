import { describe, expect, it } from 'vitest';
import { addressWithCity, cityAndRegion } from './place-text';

describe('place text', () => {
  it.each([
    ['Leningradsky Ave, 163, Moscow', 'Moscow', 'Leningradsky Ave, 163, Moscow'],
    ['Abay Ave 10', 'Almaty', 'Abay Ave 10, Almaty'],
    ['Abay Ave 10', '', 'Abay Ave 10'],
  ])('%j in %j', (address, city, text) => {
    expect(addressWithCity(address, city)).toBe(text);
  });

  it('names the region only when it is not the city', () => {
    expect(cityAndRegion('Moscow', 'Moscow')).toBe('Moscow');
    expect(cityAndRegion('Khimki', 'Moscow Oblast')).toBe('Khimki, Moscow Oblast');
  });
});
