/**
 * The local origin: the API, the mailbox and the SPA on one server, each response with the security headers
 * CloudFront's response headers policy adds in AWS (functions/src/platform/topology.ts).
 */
import { createServer, type Server } from 'node:http';
import { securityHeaderLines } from '@cellar/functions/platform/topology';
import { handleApi, serveStatic } from './gateway';
import { MAILBOX_PATH, serveMailbox } from './mailbox';

export function createLocalServer(webRoot: string, log: (line: string) => void): Server {
  const securityHeaders = Object.entries(securityHeaderLines());
  return createServer((req, res) => {
    // On every behaviour, the API's included, as the distribution applies the policy to both.
    for (const [name, value] of securityHeaders) res.setHeader(name, value);
    const url = new URL(req.url ?? '/', 'http://localhost');
    const work = url.pathname.startsWith('/api/')
      ? handleApi(req, res, url)
      : url.pathname === MAILBOX_PATH
        ? serveMailbox(res)
        : Promise.resolve(serveStatic(webRoot, res, url));
    work.catch((e) => {
      log(`request failed: ${(e as Error).stack}`);
      if (!res.headersSent) res.writeHead(502, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ message: 'Internal server error' }));
    });
  });
}
