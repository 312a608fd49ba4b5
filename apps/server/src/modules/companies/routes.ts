import type { FastifyInstance } from 'fastify';
import { changeMultiaccount } from '@evcharge/api/companies/change-multiaccount';
import {
  getCompany,
  listCompanies as listCompaniesContract,
} from '@evcharge/api/companies/companies';
import { addCompanyUser, checkUserId, listUsers } from '@evcharge/api/companies/members';
import type { Deps } from '../../deps';
import { route } from '../../http/route';
import { authRateLimit, type RateLimits } from '../../plugins/rate-limit';
import { addCompanyMember, findUserForOwner, listVisibleUsers } from './members';
import { changeProfile, companyOf, listCompanies } from './service';

export function companyRoutes(app: FastifyInstance, deps: Deps, limits: RateLimits): void {
  const { db } = deps;
  // SPEC §7 GET /users, GET /user/check/id, POST /user: a company's owner and its drivers.
  // Looking a driver up by e-mail gets the stricter limit, so addresses cannot be probed.
  route(app, listUsers, async ({ auth }) => ({ items: await listVisibleUsers(db, auth.user) }));
  route(
    app,
    checkUserId,
    async ({ auth, query }) => findUserForOwner(db, auth.user, query.email),
    { rateLimit: authRateLimit(limits) },
  );
  route(app, addCompanyUser, async ({ auth, body }) => addCompanyMember(db, auth.user, body));
  route(app, listCompaniesContract, async ({ auth }) => ({
    items: await listCompanies(db, auth.user),
  }));
  route(app, getCompany, async ({ auth, params }) => companyOf(db, auth.user, params.id));
  route(app, changeMultiaccount, async ({ auth, body }) => changeProfile(db, auth.user, body));
}
