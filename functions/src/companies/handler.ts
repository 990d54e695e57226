import { companyRoutes } from '@cellar/shared/companies/routes';
import { resourceHandler } from '../platform/http';
import {
  companyCarriers,
  createCompany,
  exportCompanies,
  getCompany,
  listCompanies,
  setPermission,
  updateCompany,
} from './service';

export const handler = resourceHandler(companyRoutes, {
  companyList: async ({ caller, list }) =>
    list.params.output === 'csv' ? exportCompanies(caller, list) : listCompanies(caller, list),
  companyGet: async ({ caller, params, query }) => getCompany(caller, params.id, query.include),
  companyCreate: async ({ caller, body, query }) => createCompany(caller, body, query.include),
  companyUpdate: async ({ caller, params, body, query }) => updateCompany(caller, params.id, body, query.include),
  companyCarriers: async ({ caller, params }) => companyCarriers(caller, params.id, params.type),
  companyPermissionAdd: async ({ caller, params }) =>
    setPermission(caller, params.id, params.type, params.target, true),
  companyPermissionRemove: async ({ caller, params }) =>
    setPermission(caller, params.id, params.type, params.target, false),
});
