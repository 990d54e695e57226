import { importRoutes } from '@cellar/shared/imports/routes';
import { resourceHandler } from '../platform/http/pipeline';
import { getImport, refusedReport, templateOf, uploadImport } from './service';
import { templateFile } from './wording';

export const handler = resourceHandler(importRoutes, {
  importTemplate: async ({ caller, params, query, lang }) => {
    const template = await templateOf(caller, params.template, query);
    return 'columns' in template ? templateFile(params.template, template.columns, lang) : template;
  },
  importUpload: async ({ caller, params, body, lang }) => uploadImport(caller, params.template, body, lang),
  importGet: async ({ caller, params }) => getImport(caller, params.id),
  importRefused: async ({ caller, params }) => refusedReport(caller, params.id),
});
