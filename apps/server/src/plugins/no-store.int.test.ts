import { beforeAll, describe, expect, it } from 'vitest';
import { contractUrl, type Contract } from '@evcharge/api/contract';
import { contracts } from '@evcharge/api/index-of-contracts';
import { signIn } from '@evcharge/api/auth/sign-in';
import { accessTokens } from '../db/schema/users';
import { createUser } from '../test/builders';
import { newOpaqueToken, sha256 } from './auth';
import { withTestServer } from '../test/hooks';

// OWASP ASVS 8.2.1: no answer that carries a token or personal data may be kept by a browser
// or a proxy. Every endpoint of the contract index, signed in, answers with no-store, whatever
// its status; so does the sign-in that hands out the token.

const server = withTestServer();
let userId = '';
beforeAll(async () => {
  userId = (await createUser(server.db)).id;
});

/** A token of its own for each call: one endpoint (logout) revokes it. */
async function freshToken(): Promise<string> {
  const token = newOpaqueToken();
  await server.db.insert(accessTokens).values({ userId, tokenHash: sha256(token) });
  return token;
}

function placeholderParams(contract: Contract): Record<string, string> {
  const names = [...contract.path.matchAll(/:([A-Za-z_]\w*)/g)].map((m) => m[1]!);
  return Object.fromEntries(names.map((name) => [name, '1']));
}

const userContracts = Object.entries(contracts as Record<string, Contract>).filter(
  ([, contract]) => contract.auth === 'user',
);

describe('Cache-Control: no-store', () => {
  it.each(userContracts)('on %s, signed in', async (_name, contract) => {
    // Long polls answer at once.
    const query = contract.query && 'wait' in contract.query.shape ? { wait: 0 } : undefined;
    const url = contractUrl(contract, placeholderParams(contract), query);
    const token = await freshToken();
    const res = await server.fetch(url, {
      method: contract.method,
      headers: {
        authorization: `Bearer ${token}`,
        ...(contract.method === 'GET' ? {} : { 'content-type': 'application/json' }),
      },
      body: contract.method === 'GET' ? undefined : '{}',
      signal: AbortSignal.timeout(20_000),
    });
    await res.arrayBuffer();
    expect(res.status).toBeLessThan(500);
    expect(res.headers.get('cache-control')).toContain('no-store');
  });

  it('on the sign-in that hands out a token', async () => {
    const user = await createUser(server.db);
    const res = await server.call(signIn, {
      body: { login: user.email, password: user.password, userType: 2 },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
  });
});
