import { exportRoutes } from '@cellar/shared/exports/routes';
import { resourceHandler } from '../platform/http/pipeline';
import { createExport, getExport } from './service';

export const handler = resourceHandler(exportRoutes, {
  exportCreate: async ({ caller, body, lang }) => createExport(caller, body, lang),
  exportGet: async ({ caller, params }) => getExport(caller, params.id),
});
