import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { topUpBalance } from '@evcharge/api/payments/balance';
import { loggerOptions } from '../../logger';
import { signedInUser } from '../../test/builders';
import { startTestServer, type TestServer } from '../../test/harness';
import { ownPath } from '../../test/sandbox-card';
import { pageTexts } from './page-texts';

// A staging server run with NODE_ENV=production may keep the sandbox acquirer only when it says
// so (ACQUIRER_SANDBOX_IN_PRODUCTION, config.ts): then the server warns at start and the bank's
// page says, in the payer's language, that it is a test bank.

type Started = { server: TestServer; warnings: { msg: string }[] };

async function start(sandboxInProduction: boolean): Promise<Started> {
  const warnings: { msg: string }[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      const line = JSON.parse(String(chunk)) as { level: number; msg: string };
      if (line.level === 40) warnings.push(line);
      done();
    },
  });
  const server = await startTestServer({
    config: { sandboxInProduction },
    logger: { ...(loggerOptions('warn') as object), stream },
  });
  return { server, warnings };
}

/** The card page of a top-up a new driver started, in `lang`. */
async function cardPage(server: TestServer, lang: string): Promise<string> {
  const user = await signedInUser(server);
  const started = await server.call<{ redirectUrl: string }>(topUpBalance, {
    token: user.token,
    body: { amountMinor: 500_000, saveCard: false },
  });
  expect(started.status).toBe(201);
  const path = ownPath(server, started.body.redirectUrl).replace(/([?&])lang=\w+/, '$1');
  const page = await server.fetch(`${path}${path.includes('?') ? '&' : '?'}lang=${lang}`);
  expect(page.status).toBe(200);
  return page.text();
}

const escaped = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

describe('the sandbox acquirer on a production server (staging)', () => {
  let staging: Started;
  let ordinary: Started;
  beforeAll(async () => {
    [staging, ordinary] = await Promise.all([start(true), start(false)]);
  });
  afterAll(async () => {
    await Promise.all([staging?.server.close(), ordinary?.server.close()]);
  });

  it('is a warning in the log at start, naming the setting', () => {
    expect(staging.warnings.map((line) => line.msg)).toContainEqual(
      expect.stringMatching(/test bank.*ACQUIRER_SANDBOX_IN_PRODUCTION=true/i),
    );
    expect(ordinary.warnings.map((line) => line.msg).join('\n')).not.toMatch(
      /ACQUIRER_SANDBOX_IN_PRODUCTION/,
    );
  });

  it('has the bank page say it is a test bank, in the payer’s language', async () => {
    for (const lang of ['en', 'ru', 'uz'] as const) {
      const html = await cardPage(staging.server, lang);
      expect(html).toContain(`role="alert">${escaped(pageTexts[lang].testBank)}</p>`);
    }
    expect(await cardPage(ordinary.server, 'en')).not.toContain(escaped(pageTexts.en.testBank));
  });
});
