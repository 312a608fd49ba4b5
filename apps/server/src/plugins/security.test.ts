import { describe, expect, it } from 'vitest';
import { brandById } from '../brand/brands';
import { apiSecurityHeaders, securityHeaderOptions, staticSecurityHeaders } from './security';

describe('staticSecurityHeaders', () => {
  it("are helmet's headers for our options, HSTS only over TLS", async () => {
    const plain = await staticSecurityHeaders(securityHeaderOptions(brandById('demo'), 'http://x'));
    expect(plain).toMatchObject({
      'x-frame-options': 'DENY',
      'x-content-type-options': 'nosniff',
      'referrer-policy': 'no-referrer',
    });
    expect(plain['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(plain['strict-transport-security']).toBeUndefined();
    expect(plain['content-type']).toBeUndefined();
    const tls = await staticSecurityHeaders(securityHeaderOptions(brandById('demo'), 'https://x'));
    expect(tls['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
  });
});

describe('apiSecurityHeaders', () => {
  it('keep what a JSON answer needs, with a CSP that allows nothing, and HSTS over TLS', async () => {
    const tls = await staticSecurityHeaders(securityHeaderOptions(brandById('demo'), 'https://x'));
    expect(apiSecurityHeaders(tls)).toEqual({
      'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
      'cache-control': 'no-store',
      'cross-origin-resource-policy': 'same-origin',
      'referrer-policy': 'no-referrer',
      'strict-transport-security': 'max-age=31536000; includeSubDomains',
      'x-content-type-options': 'nosniff',
      'x-frame-options': 'DENY',
    });
  });
});
