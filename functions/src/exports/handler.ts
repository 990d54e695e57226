import { resourceHandler } from '../platform/http';
import { createExport, getExport } from './service';

export const handler = resourceHandler('exports', {
  exportCreate: async ({ caller, body, lang }) => createExport(caller, body, lang),
  exportGet: async ({ caller, params }) => getExport(caller, params.id),
});
