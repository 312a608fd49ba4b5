import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

// The lint rules that hold the server's shape (docs/architecture.md) fail on a violation:
// each case lints a line as if it stood in a file of the tree, with the repository's config.
const root = fileURLToPath(new URL('../../../../', import.meta.url));
const eslint = new ESLint({ cwd: root });

async function restrictedImports(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(`${code}\nexport const used = value;\n`, { filePath: `${root}${filePath}` });
  return result!.messages.filter((m) => m.ruleId === 'no-restricted-imports').map((m) => m.message);
}

describe('the server shape rules', () => {
  it.each([
    ['a module imports a file inside another module', 'apps/server/src/modules/payments/x.ts', "import { value } from '../sessions/start';", /entry file/],
    ['ocpp/ imports a module', 'apps/server/src/ocpp/x.ts', "import { value } from '../modules/sessions';", /transport/],
    ['an ocpp repository imports a module', 'apps/server/src/ocpp/repo.ts', "import { value } from '../modules/stations';", /transport/],
    ['a service imports drizzle-orm', 'apps/server/src/modules/sessions/start.ts', "import { sql as value } from 'drizzle-orm';", /repo\.ts/],
    ['a plugin imports drizzle-orm', 'apps/server/src/plugins/x.ts', "import { sql as value } from 'drizzle-orm';", /repo\.ts/],
  ])('refuse %s', async (_case, filePath, code, message) => {
    const messages = await restrictedImports(filePath, code);
    expect(messages).toHaveLength(1);
    expect(messages[0]).toMatch(message);
  });

  it.each([
    ['a module uses another through its entry file', 'apps/server/src/modules/payments/x.ts', "import { value } from '../sessions';"],
    ['a module file imports its sibling', 'apps/server/src/modules/payments/x.ts', "import { value } from './repo';"],
    ['a repository imports drizzle-orm', 'apps/server/src/modules/sessions/repo.ts', "import { sql as value } from 'drizzle-orm';"],
    ['a *-repo file imports drizzle-orm', 'apps/server/src/modules/sessions/meter-repo.ts', "import { sql as value } from 'drizzle-orm';"],
    ['the schema imports drizzle-orm', 'apps/server/src/db/schema/x.ts', "import { sql as value } from 'drizzle-orm';"],
    ['a module imports the database client', 'apps/server/src/modules/payments/x.ts', "import { value } from '../../db/client';"],
    ['an integration test sets up rows with drizzle-orm', 'apps/server/src/modules/sessions/x.int.test.ts', "import { sql as value } from 'drizzle-orm';"],
  ])('allow %s', async (_case, filePath, code) => {
    expect(await restrictedImports(filePath, code)).toEqual([]);
  });
});
