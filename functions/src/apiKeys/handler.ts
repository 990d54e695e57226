/** API keys (shared/src/apiKeys): a company's admins manage its keys; the provider's staff see and revoke any. */
import { apiKeyRoutes } from '@cellar/shared/apiKeys/routes';
import { resourceHandler } from '../platform/http/pipeline';
import { apiKeyUses, createApiKey, listApiKeys, revokeKey, rotateApiKey } from './service';

export const handler = resourceHandler(apiKeyRoutes, {
  apiKeyList: ({ caller, query }) => listApiKeys(caller, query),
  apiKeyCreate: ({ caller, body }) => createApiKey(caller, body),
  apiKeyRotate: ({ caller, params, body }) => rotateApiKey(caller, params.id, body),
  apiKeyRevoke: ({ caller, params }) => revokeKey(caller, params.id),
  apiKeyUses: ({ caller, params }) => apiKeyUses(caller, params.id),
});
