import { docsRoutes } from '@cellar/shared/docs/routes';
import { HttpResponse, resourceHandler } from '../platform/http';
import { openApiDocument } from '../platform/openapi';

/** Built on the first request and kept for the container's life: the route table does not change while it runs. */
let body: string | undefined;

export const handler = resourceHandler(docsRoutes, {
  openApiDocument: async () => {
    body ??= JSON.stringify(openApiDocument());
    return new HttpResponse(200, body);
  },
});
