import swagger from '@fastify/swagger';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import type { Brand } from '@evcharge/api/brand/get-brand';

/**
 * Collects every route registered after it; GET /api/openapi.json serves the document built
 * from the contracts' zod schemas (docs/decisions/002).
 */
export async function registerOpenApi(app: FastifyInstance, brand: Brand, publicUrl: string) {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: `${brand.title} API`,
        version: '1.0.0',
        description:
          'Driver app API. Errors are JSON { code, message, fields?, details? }; `user` endpoints need `Authorization: Bearer <accessToken>`.',
      },
      servers: [{ url: publicUrl }],
      components: {
        securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer' } },
      },
    },
    transform: jsonSchemaTransform,
  });
}

export function openApiRoute(app: FastifyInstance): void {
  app.get('/api/openapi.json', { schema: { hide: true } }, async () => app.swagger());
}
