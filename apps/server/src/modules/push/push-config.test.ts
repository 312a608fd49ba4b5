import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../config';

// VAPID_* (modules/push/vapid.ts): both keys or neither, in the form web-push prints them.

const publicKey = `B${'a'.repeat(86)}`;
const privateKey = 'b'.repeat(43);

describe('Web Push configuration', () => {
  it('is unset by default: the server makes its own pair; plain-http endpoints are refused', () => {
    expect(loadConfig({ DEMO_MODE: 'true' }).push).toEqual({
      vapid: undefined,
      subject: undefined,
      allowHttpEndpoints: false,
    });
  });

  it('takes a key pair and a subject', () => {
    const config = loadConfig({
      DEMO_MODE: 'true',
      VAPID_PUBLIC_KEY: publicKey,
      VAPID_PRIVATE_KEY: privateKey,
      VAPID_SUBJECT: 'mailto:ops@example.com',
      WEB_PUSH_ALLOW_HTTP: 'true',
    });
    expect(config.push).toEqual({
      vapid: { publicKey, privateKey },
      subject: 'mailto:ops@example.com',
      allowHttpEndpoints: true,
    });
  });

  it.each([
    [{ VAPID_PUBLIC_KEY: publicKey }, 'VAPID_PRIVATE_KEY'],
    [{ VAPID_PUBLIC_KEY: 'short', VAPID_PRIVATE_KEY: privateKey }, 'VAPID_PUBLIC_KEY'],
    [{ VAPID_SUBJECT: 'http://example.com' }, 'VAPID_SUBJECT'],
  ])('refuses %j naming the variable', (env, name) => {
    expect(() => loadConfig({ DEMO_MODE: 'true', ...env })).toThrow(ConfigError);
    expect(() => loadConfig({ DEMO_MODE: 'true', ...env })).toThrow(name);
  });
});
