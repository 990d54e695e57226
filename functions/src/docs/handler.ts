import { docsRoutes } from '@cellar/shared/docs/routes';
import { asyncApiDocument } from '../platform/http/asyncapi';
import { openApiDocument } from '../platform/http/openapi';
import { HttpResponse, resourceHandler } from '../platform/http/pipeline';

/** Built on the first request and kept for the container's life: the route table does not change while it runs. */
let body: string | undefined;
/** The same for the warehouse contract. */
let contract: string | undefined;

export const handler = resourceHandler(docsRoutes, {
  openApiDocument: async () => {
    body ??= JSON.stringify(openApiDocument());
    return new HttpResponse(200, body);
  },
  asyncApiDocument: async () => {
    contract ??= JSON.stringify(asyncApiDocument());
    return new HttpResponse(200, contract);
  },
});
