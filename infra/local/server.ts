/**
 * The local origin: the API, its documentation, the mailbox, the webhook receiver, the on-demand recount and the SPA on one server, each response with the security headers
 * CloudFront's response headers policy adds in AWS (functions/src/platform/topology.ts).
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { securityHeaderLines } from '@cellar/functions/config/topology';
import { isDocsPath, serveDocs } from './api-docs';
import { handleApi, serveStatic } from './gateway';
import { MAILBOX_PATH, serveMailbox } from './mailbox';
import { RECOUNT_PATH, serveRecount } from './ops';
import { serveWebhooks, WEBHOOKS_PATH } from './webhook-receiver';

/**
 * The request's target as a URL: origin-form (`/path?query`) or absolute-form (`http://host/path`); anything else
 * (`*`, a target that does not parse) is undefined, answered 400.
 */
function requestUrl(target: string | undefined): URL | undefined {
  if (!target || !(target.startsWith('/') || /^https?:\/\//i.test(target))) return undefined;
  try {
    const url = new URL(target, 'http://localhost');
    // An absolute-form target is served as its path here, whatever host it names.
    return new URL(`${url.pathname}${url.search}`, 'http://localhost');
  } catch {
    return undefined;
  }
}

/** `uploadOrigin`: the local S3 endpoint, where the SPA posts import files (the site's policy lets it connect). */
export function createLocalServer(
  webRoot: string,
  log: (line: string) => void,
  uploadOrigin?: string,
  /** Requests wait for it: the runtime listens before it has finished starting (runtime.ts). */
  ready: Promise<void> = Promise.resolve(),
): Server {
  const securityHeaders = Object.entries(securityHeaderLines(uploadOrigin));
  return createServer((req, res) => {
    ready.then(() => serve(req, res));
  });

  function serve(req: IncomingMessage, res: ServerResponse) {
    // On every behaviour, the API's included, as the distribution applies the policy to both.
    for (const [name, value] of securityHeaders) res.setHeader(name, value);
    const url = requestUrl(req.url);
    if (!url) {
      res.writeHead(400, { 'content-type': 'text/plain; charset=utf-8' });
      res.end('Bad request');
      return;
    }
    // The documentation viewer is the local server's own page, not a route of the API.
    const work = isDocsPath(url.pathname)
      ? Promise.resolve(serveDocs(res, url.pathname))
      : url.pathname.startsWith('/api/')
        ? handleApi(req, res, url)
        : url.pathname === MAILBOX_PATH
          ? serveMailbox(res)
          : url.pathname === RECOUNT_PATH
            ? serveRecount(req, res)
            : url.pathname === WEBHOOKS_PATH || url.pathname.startsWith(`${WEBHOOKS_PATH}/`)
              ? serveWebhooks(req, res, url)
              : Promise.resolve(serveStatic(webRoot, req, res, url));
    work.catch((e) => {
      log(`request failed: ${(e as Error).stack}`);
      if (!res.headersSent) res.writeHead(502, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ message: 'Internal server error' }));
    });
  }
}
