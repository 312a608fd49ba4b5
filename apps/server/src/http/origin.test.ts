import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { returnOrigin } from './origin';

const config = { publicUrl: 'https://ev.example', allowedOrigins: ['https://ev.example', 'http://127.0.0.1:8193'] };
const request = (headers: { origin?: string }, host = 'ev.example', protocol = 'https') => ({
  headers,
  host,
  protocol,
});

describe('returnOrigin', () => {
  it('uses an allowed Origin header', () => {
    expect(returnOrigin(request({ origin: 'http://127.0.0.1:8193' }), config)).toBe(
      'http://127.0.0.1:8193',
    );
  });

  it('falls back to PUBLIC_URL for an origin not on the list', () => {
    expect(returnOrigin(request({ origin: 'https://evil.example' }), config)).toBe(
      'https://ev.example',
    );
    expect(returnOrigin(request({ origin: 'http://127.0.0.1:9999' }), config)).toBe(
      'https://ev.example',
    );
  });

  it('uses the Host with the protocol when there is no Origin', () => {
    expect(returnOrigin(request({}, '127.0.0.1:8193', 'http'), config)).toBe(
      'http://127.0.0.1:8193',
    );
    expect(returnOrigin(request({ origin: 'null' }, '127.0.0.1:8193', 'http'), config)).toBe(
      'http://127.0.0.1:8193',
    );
  });

  it('falls back to PUBLIC_URL for a spoofed or broken Host and a broken Origin', () => {
    expect(returnOrigin(request({}, 'evil.example'), config)).toBe('https://ev.example');
    expect(returnOrigin(request({}, 'ev.example@evil.example'), config)).toBe('https://ev.example');
    expect(returnOrigin(request({ origin: 'not a url' }), config)).toBe('https://ev.example');
    expect(returnOrigin(request({ origin: 'javascript:alert(1)' }), config)).toBe(
      'https://ev.example',
    );
  });

  it.each([
    [false, 'http://127.0.0.1:8193'],
    [true, 'https://ev.example'],
  ])('honours X-Forwarded-Proto and -Host only with trustProxy=%s', async (trustProxy, expected) => {
    const app = Fastify({ trustProxy });
    app.get('/', async (req) => ({ origin: returnOrigin(req, config) }));
    const answer = await app.inject({
      url: '/',
      headers: { host: '127.0.0.1:8193', 'x-forwarded-proto': 'https', 'x-forwarded-host': 'ev.example' },
    });
    expect(answer.json()).toEqual({ origin: expected });
    await app.close();
  });
});

describe('ALLOWED_ORIGINS', () => {
  const demo = { DEMO_MODE: 'true' };
  it("defaults to PUBLIC_URL's origin", () => {
    expect(loadConfig({ ...demo, PUBLIC_URL: 'https://ev.example/app/' }).allowedOrigins).toEqual([
      'https://ev.example',
    ]);
  });

  it('takes comma-separated origins', () => {
    const env = { ...demo, ALLOWED_ORIGINS: 'https://ev.example, http://127.0.0.1:8193' };
    expect(loadConfig(env).allowedOrigins).toEqual(['https://ev.example', 'http://127.0.0.1:8193']);
  });

  it.each(['https://ev.example/path', 'ftp://ev.example', 'ev.example', 'https://ev.example/'])(
    'refuses %s',
    (origin) => {
      expect(() => loadConfig({ ...demo, ALLOWED_ORIGINS: origin })).toThrow(/ALLOWED_ORIGINS/);
    },
  );
});
