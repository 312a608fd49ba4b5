import type { FastifyInstance } from 'fastify';
import { changeMultiaccount } from '@evcharge/api/companies/change-multiaccount';
import {
  getCompany,
  listCompanies as listCompaniesContract,
} from '@evcharge/api/companies/companies';
import type { Deps } from '../../deps';
import { route } from '../../http/route';
import { changeProfile, companyOf, listCompanies } from './service';

export function companyRoutes(app: FastifyInstance, deps: Deps): void {
  const { db } = deps;
  route(app, listCompaniesContract, async ({ auth }) => ({
    items: await listCompanies(db, auth.user),
  }));
  route(app, getCompany, async ({ auth, params }) => companyOf(db, auth.user, params.id));
  route(app, changeMultiaccount, async ({ auth, body }) => changeProfile(db, auth.user, body));
}
