/** CSV import: templates, uploads and the jobs the worker runs (spec 3 §2, §5, §7). */
import { ACCESS } from '../access/roles';
import { defineRoute, idParams } from '../routes/define';
import {
  importJobSchema,
  importRequestSchema,
  importStartSchema,
  templateLabelsSchema,
  templateParams,
  templateQuery,
} from './schemas';

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
  /**
   * JSON: the screen's choices and the file's size and rows. Answers 201 with the recorded job (queued, waiting for
   * its file) and the presigned POST that puts the file straight into S3, whose event then starts the worker.
   */
  importUpload: defineRoute({
    method: 'POST',
    path: '/api/csv/{template}',
    resource: 'imports',
    access: ACCESS.writer,
    params: templateParams,
    body: importRequestSchema,
    response: importStartSchema,
    status: 201,
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
