/**
 * The local origin: the API, its documentation, the mailbox, the on-demand recount and the SPA on one server, each response with the security headers
 * CloudFront's response headers policy adds in AWS (functions/src/platform/topology.ts).
 */
import { createServer, type Server } from 'node:http';
import { securityHeaderLines } from '@cellar/functions/config/topology';
import { isDocsPath, serveDocs } from './api-docs';
import { handleApi, serveStatic } from './gateway';
import { MAILBOX_PATH, serveMailbox } from './mailbox';
import { RECOUNT_PATH, serveRecount } from './ops';

export function createLocalServer(webRoot: string, log: (line: string) => void): Server {
  const securityHeaders = Object.entries(securityHeaderLines());
  return createServer((req, res) => {
    // On every behaviour, the API's included, as the distribution applies the policy to both.
    for (const [name, value] of securityHeaders) res.setHeader(name, value);
    const url = new URL(req.url ?? '/', 'http://localhost');
    // The documentation viewer is the local server's own page, not a route of the API.
    const work = isDocsPath(url.pathname)
      ? Promise.resolve(serveDocs(res, url.pathname))
      : url.pathname.startsWith('/api/')
        ? handleApi(req, res, url)
        : url.pathname === MAILBOX_PATH
          ? serveMailbox(res)
          : url.pathname === RECOUNT_PATH
            ? serveRecount(req, res)
            : Promise.resolve(serveStatic(webRoot, res, url));
    work.catch((e) => {
      log(`request failed: ${(e as Error).stack}`);
      if (!res.headersSent) res.writeHead(502, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ message: 'Internal server error' }));
    });
  });
}
