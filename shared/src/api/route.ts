/**
 * The shape of one API route. The route table is read by the Lambdas (router + validation), the CDK stack
 * (one function per resource), the local gateway and the SPA's API client.
 */
import * as z from 'zod';
import type { AccessLevel, ModuleScope } from '../access/roles';
import type { ListSpec } from '../filter/query';

export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

export interface RouteDef<
  P extends z.ZodType = z.ZodType,
  B extends z.ZodType = z.ZodType,
  Q extends z.ZodType = z.ZodType,
  R extends z.ZodType = z.ZodType,
> {
  method: Method;
  /** API Gateway style: /api/contacts/{id}. */
  path: `/api/${string}`;
  /** The Lambda that answers it: functions/src/<resource>/handler.ts (the resources are those the table names). */
  resource: string;
  access: AccessLevel;
  /** Any one of these module scopes admits the caller; the service narrows further when it must. */
  scopes?: readonly ModuleScope[];
  params?: P;
  body?: B;
  /** A plain query object (key → string). */
  query?: Q;
  /** A list query in the filter language, checked against these fields. */
  list?: ListSpec;
  /** CSV export through output=csv&columns=…. */
  csv?: boolean;
  response?: R;
  /**
   * The answer is a stream of bytes produced as it is sent (a document), not a value held whole. Every API function
   * answers through Lambda response streaming (API Gateway's STREAM transfer mode), so no answer is capped by the
   * 6 MB of a buffered result; only these routes may hand it a stream.
   */
  stream?: boolean;
  /** Expected success status when not 200. */
  status?: 201 | 202 | 204;
  /** The files the route may answer instead of its JSON, by media type (the order's PDF, a CSV template). */
  files?: readonly string[];
  /**
   * Request headers the route reads besides authentication and language: name → what it does, and the values it
   * takes (the schema the service reads it with, which the published document shows).
   */
  headers?: Readonly<Record<string, { description: string; schema: z.ZodType }>>;
  /** Counts failed attempts: wrong credentials answer 401, too many attempts 429 with `Retry-After` (seconds). */
  throttled?: boolean;
  /**
   * A person's own route (their profile, password, sessions, grid layouts, the API keys themselves): an API key is
   * refused (403) however wide its access, so that a key never makes or widens keys, nor acts as a person.
   */
  sessionOnly?: boolean;
}

/** Keeps each route's literal resource, method and path, and its schemas' types, for the typed handler map. */
export const defineRoute = <const T extends RouteDef>(r: T): T => r;

export const idParams = z.object({ id: z.string().min(1).max(64) });
export const includeQuery = z.strictObject({ include: z.string().max(500).optional() });
