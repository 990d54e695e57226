import { importRoutes } from '@cellar/shared/imports/routes';
import { resourceHandler } from '../platform/http/pipeline';
import { getImport, refusedReport, templateOf, uploadImport } from './service';

export const handler = resourceHandler(importRoutes, {
  importTemplate: async ({ caller, params, query, lang }) => templateOf(caller, params.template, query, lang),
  importUpload: async ({ caller, params, body, lang }) => uploadImport(caller, params.template, body, lang),
  importGet: async ({ caller, params }) => getImport(caller, params.id),
  importRefused: async ({ caller, params }) => refusedReport(caller, params.id),
});
