import { describe, expect, it } from 'vitest';
import { directionLinks } from './directions';

describe('directionLinks', () => {
  it('hands the destination to the phone’s maps apps', () => {
    const links = directionLinks({ lat: 43.2389, lng: 76.8897, name: 'Abay & Dostyk' });
    expect(links.geo).toBe('geo:43.238900,76.889700?q=43.238900,76.889700(Abay%20%26%20Dostyk)');
    expect(links.google).toBe('https://www.google.com/maps/dir/?api=1&destination=43.238900,76.889700');
    expect(links.apple).toBe('https://maps.apple.com/?daddr=43.238900,76.889700&q=Abay%20%26%20Dostyk');
    expect(links.yandex).toBe('https://yandex.ru/maps/?rtext=~43.238900,76.889700&rtt=auto');
  });
});
