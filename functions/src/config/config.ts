import { API_KEY_DEFAULT_RATE } from '@cellar/shared/apiKeys/schemas';
import { API_MAX_BODY_BYTES, BUCKETS, ENV, LOCAL_TABLE_NAME } from './topology';

/** What a function learns from its environment (variables named in topology.ts). */
const env = (name: keyof typeof ENV, fallback?: string): string => {
  const v = process.env[ENV[name]] ?? fallback;
  if (v === undefined) throw new Error(`Missing environment variable ${ENV[name]}`);
  return v;
};
const optional = (name: keyof typeof ENV): string | undefined => process.env[ENV[name]] || undefined;

export const config = {
  get tableName() {
    return env('tableName', LOCAL_TABLE_NAME);
  },
  get importBucket() {
    return env('importBucket', BUCKETS.imports.localName);
  },
  get exportBucket() {
    return env('exportBucket', BUCKETS.exports.localName);
  },
  get importQueueUrl() {
    return env('importQueueUrl');
  },
  get exportQueueUrl() {
    return env('exportQueueUrl');
  },
  get warehouseOrdersQueueUrl() {
    return env('warehouseOrdersQueueUrl');
  },
  get webhookQueueUrl() {
    return env('webhookQueueUrl');
  },
  /** The first wait before a failed webhook delivery is tried again; it doubles each time, an hour at most. */
  get webhookRetryBaseMs() {
    const n = Number(optional('webhookRetryBaseMs'));
    return Number.isFinite(n) && n > 0 ? n : 30_000;
  },
  get appEnv() {
    return env('appEnv', 'production');
  },
  /** The token signing key: given as is locally, else the ARN of the secret holding it. */
  get jwtSecret() {
    return optional('jwtSecret');
  },
  get jwtSecretArn() {
    return optional('jwtSecretArn');
  },
  /** The site's address: given as is locally, else the name of the SSM parameter holding it. */
  get appUrl() {
    return optional('appUrl');
  },
  get appUrlParameter() {
    return optional('appUrlParameter');
  },
  /** E-mails go through SES only when asked to, from this sender. */
  get sendsMailWithSes() {
    return optional('mailSender') === 'ses';
  },
  get mailFrom() {
    return optional('mailFrom');
  },
  /** Local emulators need path-style S3 addressing. */
  get s3ForcePathStyle() {
    return optional('s3ForcePathStyle') === 'true';
  },
  /** Behind CloudFront, the viewer's address is read from CloudFront-Viewer-Address (platform/http/viewer-address.ts). */
  get behindCloudFront() {
    return optional('behindCloudFront') === 'true';
  },
  /** Requests one API key may make per minute. */
  get apiKeyRateLimit() {
    const n = Number(optional('apiKeyRateLimit'));
    return Number.isInteger(n) && n > 0 ? n : API_KEY_DEFAULT_RATE;
  },
  /** The API refuses bodies above this size (413). */
  maxBodyBytes: API_MAX_BODY_BYTES,
  tokenTtlSeconds: 12 * 3600,
};
