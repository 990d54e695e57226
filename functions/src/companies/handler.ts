import { companyRoutes } from '@cellar/shared/companies/routes';
import { answerList } from '../platform/http/lists';
import { resourceHandler } from '../platform/http/pipeline';
import { companyList } from './list';
import { companyCarriers, createCompany, getCompany, setPermission, updateCompany } from './service';

export const handler = resourceHandler(companyRoutes, {
  companyList: async ({ caller, list, lang }) => answerList(await companyList(caller, list), list, lang),
  companyGet: async ({ caller, params, query }) => getCompany(caller, params.id, query.include),
  companyCreate: async ({ caller, body, query }) => createCompany(caller, body, query.include),
  companyUpdate: async ({ caller, params, body, query }) => updateCompany(caller, params.id, body, query.include),
  companyCarriers: async ({ caller, params }) => companyCarriers(caller, params.id, params.type),
  companyPermissionAdd: async ({ caller, params }) =>
    setPermission(caller, params.id, params.type, params.target, true),
  companyPermissionRemove: async ({ caller, params }) =>
    setPermission(caller, params.id, params.type, params.target, false),
});
