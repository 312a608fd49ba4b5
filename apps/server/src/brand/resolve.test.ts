import { describe, expect, it } from 'vitest';
import { brandForHost, hostName } from './resolve';

describe('brand resolution by host name', () => {
  const hosts = { 'volt.example': 'volt', 'evcharge.example': 'demo' } as const;

  it.each([
    ['volt.example', 'volt'],
    ['VOLT.example:8443', 'volt'],
    ['volt.example.', 'volt'],
    ['evcharge.example', 'demo'],
    ['other.example', 'demo'],
    ['www.volt.example', 'demo'],
    ['127.0.0.1:8080', 'demo'],
    ['[::1]:8080', 'demo'],
    [undefined, 'demo'],
    ['', 'demo'],
    ['__proto__', 'demo'],
  ])('%s gets %s', (host, brand) => {
    expect(brandForHost(host, hosts, 'demo').id).toBe(brand);
  });

  it('gives the configured brand to every host BRAND_HOSTS does not name', () => {
    expect(brandForHost('other.example', hosts, 'volt').id).toBe('volt');
    expect(brandForHost('evcharge.example', hosts, 'volt').id).toBe('demo');
    expect(brandForHost('anything', {}, 'volt').id).toBe('volt');
  });

  it('reads a host name without its port', () => {
    expect(hostName('Example.COM:80')).toBe('example.com');
    expect(hostName('[::1]:80')).toBe('[::1]');
  });
});
