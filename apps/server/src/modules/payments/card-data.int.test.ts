import { Writable } from 'node:stream';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { topUpBalance } from '@evcharge/api/payments/balance';
import { bindCard } from '@evcharge/api/payments/cards';
import { getPayment } from '@evcharge/api/payments/payments';
import type { PaymentResult } from '@evcharge/api/payments/payment-schemas';
import { loggerOptions } from '../../logger';
import { signedInUser } from '../../test/builders';
import { startTestServer, type TestServer } from '../../test/harness';
import { payOnSandboxPage } from '../../test/sandbox-card';

// DESIGN.md Security: card numbers never reach our database or our logs, not even the
// sandbox acquirer's own tables: a card is a token with its last 4 digits.

const logLines: string[] = [];
let server: TestServer;

beforeAll(async () => {
  const stream = new Writable({
    write(chunk, _encoding, done) {
      logLines.push(String(chunk));
      done();
    },
  });
  server = await startTestServer({
    logger: { ...(loggerOptions('trace') as object), stream },
  });
});
afterAll(async () => {
  await server.close();
});

it('keeps no card number in any table or log line, through binding and a one-time payment', async () => {
  const user = await signedInUser(server, { phone: '+79005550111', isPhoneConfirmed: true });
  const numbers = ['5555555555554444', '4242424242424242'];
  const bound = await server.call<PaymentResult>(bindCard, { token: user.token, body: {} });
  await payOnSandboxPage(server, bound.body.redirectUrl ?? '', { number: '5555 5555 5555 4444' });
  await server.call(getPayment, { token: user.token, params: { id: bound.body.operationId } });
  const paid = await server.call<PaymentResult>(topUpBalance, {
    token: user.token,
    body: { amountMinor: 1_000, saveCard: true },
  });
  await payOnSandboxPage(server, paid.body.redirectUrl ?? '', { number: numbers[1]! });
  const result = await server.call<PaymentResult>(getPayment, {
    token: user.token,
    params: { id: paid.body.operationId },
  });
  expect(result.body).toMatchObject({ status: 'succeeded', card: { last4: '4242' } });

  // Both drivers (pg, PGlite) answer execute() with { rows }.
  const tables = (await server.db.execute(
    sql`select table_name from information_schema.tables where table_schema = 'public'`,
  )) as unknown as { rows: { table_name: string }[] };
  expect(tables.rows.length).toBeGreaterThan(10);
  for (const { table_name: table } of tables.rows) {
    const dump = (await server.db.execute(sql.raw(`select * from "${table}"`))) as unknown as {
      rows: unknown[];
    };
    const text = JSON.stringify(dump.rows);
    for (const number of numbers) expect(text, table).not.toContain(number);
  }
  expect(logLines.length).toBeGreaterThan(10);
  for (const number of numbers) expect(logLines.join('\n')).not.toContain(number);
});
