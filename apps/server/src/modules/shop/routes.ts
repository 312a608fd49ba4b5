import type { FastifyInstance } from 'fastify';
import {
  createShopOrder,
  getShopCatalogue,
  getShopOrder,
  listShopOrders,
} from '@evcharge/api/shop/shop';
import type { Deps } from '../../deps';
import { returnOrigin } from '../../http/origin';
import { route } from '../../http/route';
import { authRateLimit, type RateLimits } from '../../plugins/rate-limit';
import { shopBrand } from './brand';
import { catalogueOf } from './catalogue';
import { orderOf, ordersOf } from './orders';
import { placeOrder } from './place-order';

export function shopRoutes(app: FastifyInstance, deps: Deps, limits: RateLimits): void {
  route(app, getShopCatalogue, async ({ request }) => catalogueOf(shopBrand(deps, request)));
  // Reaches the acquirer: the payments' stricter limit (card testing is what fraud tries).
  route(
    app,
    createShopOrder,
    async ({ auth, body, request }) =>
      placeOrder(deps, auth.user, shopBrand(deps, request), body, returnOrigin(request, deps.config)),
    { rateLimit: authRateLimit(limits) },
  );
  route(app, listShopOrders, async ({ auth, query }) => ordersOf(deps, auth.user.id, query));
  route(app, getShopOrder, async ({ auth, params }) => orderOf(deps, auth.user.id, params.id));
}
