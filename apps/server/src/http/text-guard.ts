import type {
  FastifyError,
  FastifyInstance,
  FastifyRequest,
  HookHandlerDoneFunction,
  preValidationHookHandler,
} from 'fastify';
import { AppError } from '@evcharge/domain/errors';
import { rule } from '@evcharge/domain/validation';
import { unsafeTextPaths } from './safe-text';

// OWASP ASVS 5.1.4: PostgreSQL text refuses U+0000, so a NUL that reached a query answered 500
// ("invalid byte sequence"). A contract's route refuses one in its params, query and body when
// it validates them (http/validation.ts); this refuses it everywhere else before any handler:
// in every URL (a path parameter or a query string of any route, the not-found handler's too),
// and in the bodies of the routes no contract describes (OCPI, the sandbox bank's forms).

/**
 * VALIDATION_FAILED naming each value or key with a NUL (`rule.characters`, as the validator
 * names them), also a 400 to an error handler of its own (OCPI's answers status 2001).
 */
function unsafeText(...parts: unknown[]): FastifyError {
  const fields = parts.flatMap(unsafeTextPaths).map((path) => ({ path, rule: rule.characters }));
  const error = new AppError('VALIDATION_FAILED', fields.length > 0 ? { fields } : {});
  return Object.assign(error, { statusCode: 400 }) as AppError & FastifyError;
}

/** `%00` is the only way a NUL comes in a URL: Node's parser refuses a raw one. */
export function urlHasNul(url: string): boolean {
  return url.includes('%00');
}

const BODY_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

const guardBody: preValidationHookHandler = (
  request: FastifyRequest,
  _reply,
  done: HookHandlerDoneFunction,
) => {
  done(request.body !== undefined && unsafeTextPaths(request.body).length > 0 ? unsafeText(request.body) : undefined);
};

export function registerTextGuard(app: FastifyInstance): void {
  app.addHook('onRequest', (request, _reply, done) => {
    // Routing has parsed the path parameters and the query already: they say where it is.
    done(urlHasNul(request.url) ? unsafeText(request.params, request.query) : undefined);
  });
  // Routes registered after this (all of them): those whose body no schema validates.
  app.addHook('onRoute', (route) => {
    if (route.schema?.body) return;
    const methods = [route.method].flat();
    if (!methods.some((method) => BODY_METHODS.has(method))) return;
    route.preValidation = [route.preValidation ?? []].flat().concat(guardBody);
  });
}
