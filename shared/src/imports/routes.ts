/**
 * CSV import: templates, uploads and the jobs the worker runs (spec 3 §2, §5, §7). The imports function streams its
 * answers (Lambda response streaming), for the refused-rows report of a large file: a function streams all its
 * routes or none, and its JSON answers leave as they are.
 */
import { ACCESS } from '../access/roles';
import { defineRoute, idParams } from '../api/route';
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
    files: ['text/csv'],
    stream: true,
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
    stream: true,
  }),
  importGet: defineRoute({
    method: 'GET',
    path: '/api/imports/{id}',
    resource: 'imports',
    access: ACCESS.writer,
    params: idParams,
    response: importJobSchema,
    stream: true,
  }),
  /**
   * The rows the worker refused, every one, as a CSV file to correct and import again as it is: the template's
   * header, then each refused row after a `#` comment line saying why, in the uploader's language. Streamed from
   * the stored rows a page at a time. Same access and visibility as the job.
   */
  importRefused: defineRoute({
    method: 'GET',
    path: '/api/imports/{id}/refused',
    resource: 'imports',
    access: ACCESS.writer,
    params: idParams,
    files: ['text/csv'],
    stream: true,
  }),
} as const;
