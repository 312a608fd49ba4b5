import type { Config } from '../config';
import type { Db } from '../db/client';
import type { FastifyInstance } from 'fastify';
import type { Acquirer } from './acquirer';
import { registerSandboxPages } from './sandbox/pages';
import type { Notify } from './sandbox/notifier';
import { createSandboxAcquirer, sandboxSecret } from './sandbox/sandbox-acquirer';

/**
 * The acquirer ACQUIRER names, and the routes it serves itself (the sandbox's card page),
 * registered with the other routes, after the hooks every route gets (headers, limits).
 */
export async function createAcquirer(
  app: FastifyInstance,
  options: { db: Db; config: Config; notify?: Notify },
): Promise<{ acquirer: Acquirer; registerRoutes: () => void }> {
  switch (options.config.acquirer) {
    case 'sandbox': {
      const sandbox = createSandboxAcquirer({
        db: options.db,
        publicUrl: options.config.publicUrl,
        secret: await sandboxSecret(options.db),
        notify: options.notify,
      });
      app.addHook('onClose', () => sandbox.settled());
      const testBankNotice = options.config.sandboxInProduction;
      if (testBankNotice) {
        app.log.warn(
          'TEST BANK IN PRODUCTION (ACQUIRER_SANDBOX_IN_PRODUCTION=true): the sandbox acquirer takes test cards and moves no money; its page says so. Never for real users',
        );
      }
      return {
        acquirer: sandbox,
        registerRoutes: () => registerSandboxPages(app, sandbox, { testBankNotice }),
      };
    }
  }
}
