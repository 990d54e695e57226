/**
 * The one way the SPA talks to the API: bearer token (impersonation first), Accept-Language, JSON, the snackbar
 * texts a call carries (spec 1 §7), and a single interceptor that turns failures into the notifications of the
 * error catalogue (spec 1 §8) and a 401 into a logout. Paths, bodies and responses are typed by the shared route
 * table.
 */

import { fillPath } from '@cellar/shared/api/path';
import type { RouteDef } from '@cellar/shared/api/route';
import type { ErrorBody } from '@cellar/shared/common/schemas';
import { emptyQuery, type ListQuery, serializeListQuery } from '@cellar/shared/filter/query';
import { createElement, Fragment } from 'react';
import type * as z from 'zod';
import { currentLanguage, i18n } from './i18n';
import { hideNotice, notify, raiseNotice } from './notifications';
import { rememberWrite } from './recent-rows';
import { activeToken, storage } from './storage';

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: Partial<ErrorBody> | undefined,
    message: string,
  ) {
    super(message);
    this.name = 'ApiError';
  }

  /** Field → messages of a 422 (or 409) answer. */
  get fieldErrors(): Record<string, string[]> {
    return this.body?.errors ?? {};
  }
}

/**
 * The snackbar texts a call may carry (spec 1 §7). Once it succeeds: `success` (or `update`, a success that stays
 * 5 s, for a change to what existed: spec 1 §9) and `information`. When it fails with no words of the server's
 * own: `error` ('Fail to create recipient.'), else `warning` (spec 1 §8), else a generic error.
 */
export interface CallMessages {
  success?: string;
  update?: string;
  information?: string;
  error?: string;
  warning?: string;
}

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  query?: Partial<ListQuery>;
  body?: unknown;
  signal?: AbortSignal;
  messages?: CallMessages;
  /** Statuses the caller answers itself (an unknown company leads to /404): not reported. */
  quietStatuses?: readonly number[];
  /** The caller shows every failure itself (the grid, inline with a retry); an expired session still logs out. */
  quiet?: boolean;
  /** Headers of the call itself (an `Idempotency-Key`). */
  headers?: Record<string, string>;
}

const SESSION_EXPIRED_FLAG = 'cellar.sessionExpired';
let expiring = false;

/** An expired session: forget it and start again from /login, where the notice is shown after the reload. */
function expireSession() {
  if (expiring) return;
  expiring = true;
  storage.clearSession();
  sessionStorage.setItem(SESSION_EXPIRED_FLAG, '1');
  window.location.assign('/login');
}

/** Shows the 'session expired' notice once, after the reload that an expired session causes. */
export function announceExpiredSession() {
  if (!sessionStorage.getItem(SESSION_EXPIRED_FLAG)) return;
  sessionStorage.removeItem(SESSION_EXPIRED_FLAG);
  notify('error', i18n.t('session.expired'));
}

const multiline = (lines: string[]) =>
  createElement(
    Fragment,
    null,
    ...lines.flatMap((line, i) => (i ? [createElement('br', { key: `br${i}` }), line] : [line])),
  );

/**
 * The interceptor: one notification per failure, following the error catalogue. A `title` names the failed
 * operation above the server's words ('CSV export could not be completed !'). Returns the notice's id, if any.
 * Exported for the file downloads (download-file.ts), which report their failures the same way.
 */
export function reportApiError(
  error: unknown,
  messages: CallMessages = {},
  quietStatuses: readonly number[] | 'all' = [],
  title?: string,
): string | undefined {
  if (error instanceof ApiError) {
    if (error.status === 401 && window.location.pathname !== '/login') {
      expireSession();
      return undefined;
    }
    if (quietStatuses === 'all' || quietStatuses.includes(error.status)) return undefined;
    const lines = Object.values(error.fieldErrors).flat();
    const heading = title ?? error.body?.message;
    if (lines.length)
      return raiseNotice('error', multiline(lines), heading, `error|${heading ?? ''}|${lines.join('\n')}`);
    if (error.body?.message) return raiseNotice('error', error.body.message, title);
    if (messages.error) return raiseNotice('error', messages.error);
    if (messages.warning) return raiseNotice('warning', messages.warning);
    return raiseNotice('error', i18n.t('api.server_error'), title);
  }
  if (quietStatuses === 'all' || (error instanceof DOMException && error.name === 'AbortError')) return undefined;
  return raiseNotice('error', error instanceof Error ? error.message : String(error), title);
}

/**
 * The error shown for each write that failed, by method and path: once the same write succeeds (the form sent
 * again, corrected), its error is out of date and goes.
 */
const failedWrites = new Map<string, string>();

function settleWrite(opts: RequestOptions, path: string, noticeId: string | undefined) {
  const method = opts.method ?? 'GET';
  if (method === 'GET') return;
  const write = `${method} ${path}`;
  const previous = failedWrites.get(write);
  if (previous) hideNotice(previous);
  if (noticeId) failedWrites.set(write, noticeId);
  else failedWrites.delete(write);
}

function buildUrl(path: string, query?: Partial<ListQuery>) {
  const qs = query ? serializeListQuery({ ...emptyQuery(), ...query }) : '';
  return qs ? `${path}?${qs}` : path;
}

function headers(json: boolean, extra: Record<string, string> = {}): Headers {
  const h = new Headers({ ...extra, Accept: 'application/json', 'Accept-Language': currentLanguage() });
  if (json) h.set('Content-Type', 'application/json');
  const token = activeToken();
  if (token) h.set('Authorization', `Bearer ${token}`);
  return h;
}

async function errorFrom(res: Response): Promise<ApiError> {
  const text = await res.text().catch(() => '');
  let body: Partial<ErrorBody> | undefined;
  try {
    body = text ? (JSON.parse(text) as Partial<ErrorBody>) : undefined;
  } catch {
    body = undefined;
  }
  return new ApiError(res.status, body, body?.message ?? `HTTP ${res.status}`);
}

/** The request as the API client sends it (token, language); a failed answer is thrown as an ApiError. */
export async function send(path: string, opts: RequestOptions): Promise<Response> {
  const res = await fetch(buildUrl(path, opts.query), {
    method: opts.method ?? 'GET',
    headers: headers(opts.body !== undefined, opts.headers),
    body: opts.body === undefined ? undefined : JSON.stringify(opts.body),
    signal: opts.signal,
  });
  if (!res.ok) throw await errorFrom(res);
  return res;
}

/** The texts a call that succeeded carries. */
function reportSuccess({ success, update, information }: CallMessages = {}) {
  if (update) notify('update', update);
  else if (success) notify('success', success);
  if (information) notify('information', information);
}

/**
 * A JSON call. Its success texts are shown once the answer is read; failures are reported by the interceptor,
 * then rethrown for the caller's own handling.
 */
export async function apiRequest<T>(path: string, opts: RequestOptions = {}): Promise<T> {
  let answer: unknown;
  try {
    const res = await send(path, opts);
    settleWrite(opts, path, undefined);
    if (res.status !== 204) {
      const text = await res.text();
      answer = text ? JSON.parse(text) : null;
      rememberWrite(opts.method ?? 'GET', path, answer);
    }
  } catch (error) {
    const quietStatuses = opts.quiet ? 'all' : opts.quietStatuses;
    settleWrite(opts, path, reportApiError(error, opts.messages, quietStatuses));
    throw error;
  }
  reportSuccess(opts.messages);
  return answer as T;
}

/** What a route answers, as its response schema outputs it. */
export type ResponseOf<R extends RouteDef> =
  R extends RouteDef<z.ZodType, z.ZodType, z.ZodType, infer Res> ? z.output<Res> : never;
type BodyOf<R> = R extends RouteDef<z.ZodType, infer B, z.ZodType, z.ZodType> ? z.input<B> : never;
/** The path parameters a route's schema names (none when it has no schema). */
export type ParamsOf<R extends RouteDef> = R['params'] extends z.ZodType ? z.input<R['params']> : never;

export interface RouteCall<R extends RouteDef> extends Omit<RequestOptions, 'method' | 'body'> {
  params?: ParamsOf<R>;
  body?: BodyOf<R>;
}

/** Calls a route of the shared table: callRoute(routes.contactGet, { params: { id } }). */
export function callRoute<R extends RouteDef>(route: R, call: RouteCall<R> = {}): Promise<ResponseOf<R>> {
  const { params, ...opts } = call;
  return apiRequest<ResponseOf<R>>(fillPath(route.path, params as Record<string, string> | undefined), {
    ...opts,
    method: route.method,
  });
}
