import type { FastifyInstance } from 'fastify';
import { getBrand } from '@evcharge/api/brand/get-brand';
import { getLegal } from '@evcharge/api/brand/get-legal';
import { DEFAULT_LANGUAGE } from '@evcharge/domain/constants';
import { publicBrand } from '../../brand/brands';
import { legalRoot, legalText } from '../../brand/legal';
import { route } from '../../http/route';

// SPEC §1: the brand of the host asked (request.brand, plugins/brand.ts), not only the
// deployment's: one server may serve several brands by host name.
export function brandRoutes(app: FastifyInstance): void {
  // The public part: the shop's catalogue is served by the shop's own endpoints.
  route(app, getBrand, async ({ request }) => publicBrand(request.brand));

  // Without ?lang the signed-in user's language, else the default (ru); the brand's English
  // fills gaps.
  route(app, getLegal, async ({ params, query, auth, request }) =>
    legalText(
      params.document,
      query.lang ?? auth?.user.lang ?? DEFAULT_LANGUAGE,
      legalRoot(request.brand.id),
    ),
  );
}
