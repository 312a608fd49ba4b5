import type { FastifyInstance } from 'fastify';
import { getBrand } from '@evcharge/api/brand/get-brand';
import { getLegal } from '@evcharge/api/brand/get-legal';
import { DEFAULT_LANGUAGE } from '@evcharge/domain/constants';
import { legalText } from '../../brand/legal';
import type { Deps } from '../../deps';
import { route } from '../../http/route';

export function brandRoutes(app: FastifyInstance, deps: Deps): void {
  const { brand } = deps;

  // The public part: the shop's catalogue is served by the shop's own endpoints.
  const { shop: _shop, ...publicBrand } = brand;
  route(app, getBrand, async () => publicBrand);

  // Without ?lang the signed-in user's language, else the default (ru); English fills gaps.
  route(app, getLegal, async ({ params, query, auth }) =>
    legalText(params.document, query.lang ?? auth?.user.lang ?? DEFAULT_LANGUAGE),
  );
}
