/**
 * The SPA's public address, for links in e-mails. Never taken from the request (a forged Origin would
 * send reset links elsewhere): APP_URL locally, or the SSM parameter the web stack writes (APP_URL_PARAMETER).
 */
import { config } from '../../config/config';
import { onFirstUse } from '../../config/on-first-use';
import { traced } from '../../observability/tracer';

/** Read once per container (again if the configuration changes: on-first-use.ts). */
export const appUrl = onFirstUse(
  async () => {
    const local = config.appUrl;
    if (local) return local.replace(/\/$/, '');
    const name = config.appUrlParameter;
    if (!name) throw new Error('No APP_URL or APP_URL_PARAMETER');
    // Loaded once per container, by the first e-mail with a link: most requests never need it.
    const { GetParameterCommand, SSMClient } = await import('@aws-sdk/client-ssm');
    const out = await traced(new SSMClient({})).send(new GetParameterCommand({ Name: name }));
    if (!out.Parameter?.Value) throw new Error(`Empty parameter ${name}`);
    return out.Parameter.Value.replace(/\/$/, '');
  },
  () => config.appUrl ?? config.appUrlParameter,
);
