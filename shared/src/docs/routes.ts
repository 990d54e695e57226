/** The API's own documentation: the OpenAPI document generated from this route table. */
import * as z from 'zod';
import { defineRoute } from '../routes/define';

export const docsRoutes = {
  /** Public, as API documentation usually is: it says what exists, never whose data. */
  openApiDocument: defineRoute({
    method: 'GET',
    path: '/api/openapi.json',
    resource: 'docs',
    access: 0,
    response: z.looseObject({
      openapi: z.string(),
      info: z.looseObject({ title: z.string(), version: z.string() }),
      paths: z.record(z.string(), z.unknown()),
    }),
  }),
} as const;
