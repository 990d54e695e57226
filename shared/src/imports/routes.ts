/** CSV import: templates, uploads and the jobs the worker runs (spec 3 §2, §5, §7). */
import { ACCESS } from '../access/roles';
import { defineRoute, idParams } from '../routes/define';
import { importJobSchema, importUploadSchema, templateLabelsSchema, templateParams, templateQuery } from './schemas';

export const importRoutes = {
  /** The file, or its labels with returnFile=false. Access per template is checked by the service. */
  importTemplate: defineRoute({
    method: 'GET',
    path: '/api/csv/{template}',
    resource: 'imports',
    access: ACCESS.writer,
    params: templateParams,
    query: templateQuery,
    response: templateLabelsSchema,
  }),
  /** multipart/form-data: the file and the screen's choices. Answers 202 with the queued job. */
  importUpload: defineRoute({
    method: 'POST',
    path: '/api/csv/{template}',
    resource: 'imports',
    access: ACCESS.writer,
    params: templateParams,
    multipart: true,
    body: importUploadSchema,
    response: importJobSchema,
    status: 202,
  }),
  importGet: defineRoute({
    method: 'GET',
    path: '/api/imports/{id}',
    resource: 'imports',
    access: ACCESS.writer,
    params: idParams,
    response: importJobSchema,
  }),
} as const;
