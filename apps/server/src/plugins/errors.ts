import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError, type ErrorCode } from '@evcharge/domain/errors';

/**
 * Sends the JSON error body of DESIGN.md Errors; `status` overrides the catalogue's. No browser
 * or proxy keeps an error (OWASP ASVS 8.2.1): a page's path has no cache-control of its own.
 */
export function sendError(
  reply: FastifyReply,
  error: AppError,
  status: number = error.status,
): FastifyReply {
  // A route's own no-store (a private file's `private, no-store`) stands as it said it.
  const cacheControl = String(reply.getHeader('cache-control') ?? '');
  if (!/\bno-store\b/.test(cacheControl)) reply.header('cache-control', 'no-store');
  return reply.code(status).type('application/json; charset=utf-8').send(error.toBody());
}

// Fastify's own 4xx errors (body parsing, content type, limits) as catalogue codes.
export function codeForStatus(status: number): ErrorCode {
  switch (status) {
    case 401:
      return 'UNAUTHORIZED';
    case 403:
      return 'FORBIDDEN';
    case 404:
      return 'NOT_FOUND';
    case 413:
      return 'PAYLOAD_TOO_LARGE';
    case 429:
      return 'TOO_MANY_REQUESTS';
    case 503:
      return 'SERVICE_UNAVAILABLE';
    default:
      return 'VALIDATION_FAILED';
  }
}

function toAppError(error: FastifyError | AppError): { appError: AppError; status: number } {
  if (error instanceof AppError) return { appError: error, status: error.status };
  const status = error.statusCode ?? 500;
  if (status >= 400 && status < 500) {
    // Malformed JSON, an unsupported content type, a bad Content-Length: never a 500.
    return { appError: new AppError(codeForStatus(status)), status };
  }
  if (status === 503) return { appError: new AppError('SERVICE_UNAVAILABLE'), status };
  return { appError: new AppError('UNKNOWN'), status: 500 };
}

export function errorHandler(
  error: FastifyError | AppError,
  request: FastifyRequest,
  reply: FastifyReply,
): FastifyReply {
  const { appError, status } = toAppError(error);
  // A 503 is load shedding (under-pressure), not a fault: no stack per refused request.
  if (status === 503) request.log.warn({ code: appError.code, status }, 'request refused');
  else if (status >= 500) request.log.error({ err: error }, 'request failed');
  else request.log.info({ code: appError.code, status }, 'request refused');
  return sendError(reply, appError, status);
}

export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler(errorHandler);
}
