/** CSV import: templates, uploads and the jobs the worker runs (spec 3 §2, §5, §7). */
import { ACCESS } from '../auth/roles';
import {
  importJobSchema,
  importUploadSchema,
  templateLabelsSchema,
  templateParams,
  templateQuery,
} from '../schemas/imports';
import { defineRoute, idParams } from './define';

export const importRoutes = {
  /** The file, or its labels with returnFile=false. Access per template is checked by the service. */
  importTemplate: defineRoute({
    id: 'imports.template',
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
    id: 'imports.upload',
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
    id: 'imports.get',
    method: 'GET',
    path: '/api/imports/{id}',
    resource: 'imports',
    access: ACCESS.writer,
    params: idParams,
    response: importJobSchema,
  }),
} as const;
