/**
 * The API's own documentation: the OpenAPI document generated from this route table, and the AsyncAPI document of
 * the messages exchanged with the warehouse (wms/contract.ts).
 */
import * as z from 'zod';
import { defineRoute } from '../api/route';

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
  /** Public like the OpenAPI document: the contract a provider's integrator connects a warehouse system with. */
  asyncApiDocument: defineRoute({
    method: 'GET',
    path: '/api/asyncapi.json',
    resource: 'docs',
    access: 0,
    response: z.looseObject({
      asyncapi: z.string(),
      info: z.looseObject({ title: z.string(), version: z.string() }),
      channels: z.record(z.string(), z.unknown()),
    }),
  }),
} as const;
