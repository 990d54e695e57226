/**
 * Operations the deployed stack runs on a schedule, run here on demand: `POST /_ops/recount` recounts the counters
 * (the daily recount Lambda in AWS). Local runtime only, like the mailbox.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';

export const RECOUNT_PATH = '/_ops/recount';

export async function serveRecount(req: IncomingMessage, res: ServerResponse): Promise<void> {
  if (req.method !== 'POST') {
    res.writeHead(405, { allow: 'POST', 'content-type': 'application/json' });
    res.end(JSON.stringify({ message: 'POST to recount.' }));
    return;
  }
  const { recountAll } = await import('@cellar/functions/counters/recount');
  const results = await recountAll();
  res.writeHead(200, { 'content-type': 'application/json; charset=utf-8' });
  res.end(JSON.stringify(results));
}
