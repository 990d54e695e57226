/**
 * The API documentation, browsable at /api/docs on the local runtime only: Swagger UI reading /api/openapi.json
 * (the docs Lambda's answer). Its files come from its npm package, so the page needs no network. In AWS only the
 * document is served; a viewer there would be one more thing to keep patched. The local server adds the security
 * headers (server.ts).
 */
import { createReadStream } from 'node:fs';
import type { ServerResponse } from 'node:http';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

export const DOCS_PATH = '/api/docs';

const dist = dirname(createRequire(import.meta.url).resolve('swagger-ui-dist/package.json'));
const ASSETS: Record<string, string> = {
  'swagger-ui.css': 'text/css; charset=utf-8',
  'swagger-ui-bundle.js': 'text/javascript; charset=utf-8',
};

// The content security policy forbids inline scripts: the viewer starts from a file of its own.
const START = `SwaggerUIBundle({
  url: '/api/openapi.json',
  dom_id: '#docs',
  deepLinking: true,
  // The default asks an outside validator for a badge.
  validatorUrl: null,
});
`;

const PAGE = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Cellar API</title>
<link rel="stylesheet" href="${DOCS_PATH}/swagger-ui.css"></head>
<body><div id="docs"></div>
<script src="${DOCS_PATH}/swagger-ui-bundle.js"></script><script src="${DOCS_PATH}/start.js"></script></body></html>`;

export const isDocsPath = (pathname: string) => pathname === DOCS_PATH || pathname.startsWith(`${DOCS_PATH}/`);

function send(res: ServerResponse, status: number, type: string, body: string) {
  res.writeHead(status, { 'content-type': type, 'cache-control': 'no-cache' });
  res.end(body);
}

export function serveDocs(res: ServerResponse, pathname: string): void {
  const name = pathname.slice(DOCS_PATH.length + 1);
  const type = Object.hasOwn(ASSETS, name) ? ASSETS[name] : undefined;
  if (pathname === DOCS_PATH) send(res, 200, 'text/html; charset=utf-8', PAGE);
  else if (name === 'start.js') send(res, 200, 'text/javascript; charset=utf-8', START);
  else if (!type) send(res, 404, 'text/plain; charset=utf-8', 'Not found');
  else {
    res.writeHead(200, { 'content-type': type, 'cache-control': 'no-cache' });
    createReadStream(join(dist, name))
      .on('error', () => res.destroy())
      .pipe(res);
  }
}
