import type { FastifyInstance } from 'fastify';

declare module 'fastify' {
  interface FastifyRequest {
    /** The JSON body as it came, before parsing: a key for answers kept by request. */
    rawJson: string | null;
  }
}

/**
 * Fastify's own JSON parser (secure-json-parse: `__proto__` keys refused, the same errors for
 * empty and broken bodies), which also keeps the text on the request. The station list and map
 * key their kept answers by it instead of writing the parsed body out again.
 */
export function registerJsonBody(app: FastifyInstance): void {
  const parse = app.getDefaultJsonParser('error', 'error');
  app.decorateRequest('rawJson', null);
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = body as string; // parseAs: 'string'
    request.rawJson = text;
    parse(request, text, done);
  });
}
