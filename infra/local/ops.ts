/**
 * Operations the deployed stack runs on a schedule, run here on demand: `POST /_ops/recount` recounts the counters
 * (the daily recount Lambda in AWS). Local runtime only, like the mailbox: each answer says so in `LOCAL_ONLY`, and
 * the recount is a superadmin's action (its bearer token), as nobody may trigger it in AWS but the schedule.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';

export const RECOUNT_PATH = '/_ops/recount';

/** The header every local-only answer carries (/_ops, /_mailbox): no such path exists behind CloudFront. */
export const LOCAL_ONLY = { 'x-cellar-local-only': 'This path exists in the local runtime only.' } as const;

const answer = (res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) => {
  res.writeHead(status, { ...LOCAL_ONLY, 'content-type': 'application/json; charset=utf-8', ...headers });
  res.end(JSON.stringify(body));
};

export async function serveRecount(req: IncomingMessage, res: ServerResponse): Promise<void> {
  if (req.method !== 'POST') return answer(res, 405, { message: 'POST to recount.' }, { allow: 'POST' });
  const { authenticate } = await import('@cellar/functions/caller/principal');
  const caller = await authenticate(req.headers as Record<string, string | undefined>).catch(() => undefined);
  if (!caller) return answer(res, 401, { message: 'Sign in as a superadmin to recount.' });
  if (!caller.isSuperadmin) return answer(res, 403, { message: 'Only a superadmin recounts.' });
  const { recountAll } = await import('@cellar/functions/counters/recount');
  return answer(res, 200, await recountAll());
}
