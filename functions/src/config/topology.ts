/**
 * The deployed topology, described once: the buckets and work queues around the functions, the environment
 * variables through which the functions find them, and the security headers of every response. Plain data, read by
 * the CDK stacks (infra/lib), the local runtime (infra/local) and the functions themselves (config.ts), as the
 * table's key schema is (data/table-definition.ts). It lives with the functions because a function's bundle
 * must never reach into infra/.
 */

/** The environment variables the functions read, by what they hold. */
export const ENV = {
  tableName: 'TABLE_NAME',
  importBucket: 'IMPORT_BUCKET',
  exportBucket: 'EXPORT_BUCKET',
  importQueueUrl: 'IMPORT_QUEUE_URL',
  exportQueueUrl: 'EXPORT_QUEUE_URL',
  /** Orders published to the warehouse system (its integration point). */
  warehouseOrdersQueueUrl: 'WAREHOUSE_ORDERS_QUEUE_URL',
  /** `production`, `staging`… or `local`. */
  appEnv: 'APP_ENV',
  /** The Secrets Manager secret holding the token signing key (in AWS). */
  jwtSecretArn: 'JWT_SECRET_ARN',
  /** The token signing key itself (locally). */
  jwtSecret: 'JWT_SECRET',
  /** The SSM parameter holding the site's address (in AWS). */
  appUrlParameter: 'APP_URL_PARAMETER',
  /** The site's address itself (locally). */
  appUrl: 'APP_URL',
  /** `ses` to send e-mails; otherwise they stay in the outbox. */
  mailSender: 'MAIL_SENDER',
  mailFrom: 'MAIL_FROM',
  /** `true` for the local S3 emulator. */
  s3ForcePathStyle: 'S3_FORCE_PATH_STYLE',
  /**
   * `true` when the API is reached through CloudFront only (in AWS): the viewer's address is then the one CloudFront
   * reports in `CloudFront-Viewer-Address`, the connection's being CloudFront's own.
   */
  behindCloudFront: 'BEHIND_CLOUDFRONT',
  /** Requests one API key may make per minute (shared/src/apiKeys: API_KEY_DEFAULT_RATE when unset). */
  apiKeyRateLimit: 'API_KEY_RATE_LIMIT',
  /** The queue of webhook deliveries to work (webhooks/worker.ts). */
  webhookQueueUrl: 'WEBHOOK_QUEUE_URL',
  /** The first wait before a failed delivery is tried again, in milliseconds (30 s when unset); it doubles each time. */
  webhookRetryBaseMs: 'WEBHOOK_RETRY_BASE_MS',
} as const;

type EnvValues = { readonly [K in keyof typeof ENV]?: string };

/** The variables to give the functions, named from what they hold. */
export function functionEnvironment(values: EnvValues): Record<string, string> {
  const environment: Record<string, string> = {};
  for (const [key, value] of Object.entries(values)) {
    if (value !== undefined) environment[ENV[key as keyof typeof ENV]] = value;
  }
  return environment;
}

/**
 * The largest request body the API takes, in bytes: the function answers 413 above it, and CloudFront's web ACL
 * refuses a larger declared Content-Length before it reaches the API (infra/lib/waf.ts).
 */
export const API_MAX_BODY_BYTES = 1_000_000;

/** The table's name where the runtime names it (locally; in AWS, CloudFormation names it). */
export const LOCAL_TABLE_NAME = 'cellar';

export const BUCKETS = {
  /** Uploaded CSV files, under `uploadPrefix`; each one created there is announced to the import queue. */
  imports: { localName: 'cellar-imports', expireAfterDays: 30, uploadPrefix: 'incoming/' },
  /** Generated export files, under `filePrefix`, downloaded through short-lived links. */
  exports: { localName: 'cellar-exports', expireAfterDays: 30, filePrefix: 'exports/' },
} as const;

/** What every work queue shares, as Lambda's SQS event source consumes it. */
export const WORK_QUEUE = {
  /** Receives of a message before the queue moves it to its dead-letter queue. */
  maxReceives: 3,
  /** SQS's longest: a job waiting through a long weekend's outage is still there (SQS keeps 4 days by default). */
  retentionDays: 14,
  deadLetterRetentionDays: 14,
  /** Messages handed to the worker at once; it reports the failed ones only. */
  batchSize: 10,
  /**
   * Lambda's advice for SQS event sources: a visibility timeout of at least six times the function timeout, so
   * retries of a throttled batch do not make a message visible again while it is still being worked on.
   */
  visibilityPerWorkerTimeout: 6,
} as const;

export const QUEUES = {
  /**
   * Import jobs, fed by the imports bucket's notifications, worked by imports/worker.ts. `concurrency`: the
   * worker's reserved concurrency, and the most batches its queue hands it at once (2 is SQS's least).
   */
  imports: { localName: 'cellar-imports', workerTimeoutSeconds: 300, concurrency: 2 },
  /** Export jobs, sent by the API, worked by exports/worker.ts. */
  exports: { localName: 'cellar-exports', workerTimeoutSeconds: 900, concurrency: 2 },
  /**
   * Orders sent to the warehouse system (`orders/warehouse-message.ts` says the format): the warehouse consumes it
   * (in AWS, its integration; locally, the simulated warehouse), with the timeout its consumer is given.
   */
  warehouseOrders: { localName: 'cellar-warehouse-orders', workerTimeoutSeconds: 30 },
  /** What the warehouse reports back (acknowledgements, packings), worked by orders/warehouse-worker.ts. */
  warehouseEvents: { localName: 'cellar-warehouse-events', workerTimeoutSeconds: 30, concurrency: 5 },
  /**
   * Webhook deliveries to work, one message per endpoint and document (webhooks/worker.ts): a receiver has 10 s to
   * answer each POST, a message works one document's few events in turn.
   */
  webhooks: { localName: 'cellar-webhooks', workerTimeoutSeconds: 60, concurrency: 5 },
} as const;

export const visibilityTimeoutSeconds = (queue: { workerTimeoutSeconds: number }) =>
  queue.workerTimeoutSeconds * WORK_QUEUE.visibilityPerWorkerTimeout;

/** The security headers every response carries (CloudFront's response headers policy in AWS). */
export const SECURITY_HEADERS = {
  /** Two years, subdomains included. */
  strictTransportSecurity: { maxAgeSeconds: 730 * 24 * 3600, includeSubdomains: true },
  contentTypeOptions: 'nosniff',
  frameOptions: 'DENY',
  referrerPolicy: 'strict-origin-when-cross-origin',
  contentSecurityPolicy: [
    "default-src 'self'",
    "img-src 'self' data:",
    "font-src 'self' data:",
    // Mantine sets inline styles.
    "style-src 'self' 'unsafe-inline'",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; '),
} as const;

/**
 * The content security policy of the site: SECURITY_HEADERS' own, which also lets the page post import files to
 * `uploadOrigin`, the import bucket's endpoint (the browser puts them straight into S3 with a presigned POST).
 */
export const contentSecurityPolicy = (uploadOrigin?: string) =>
  uploadOrigin
    ? SECURITY_HEADERS.contentSecurityPolicy.replace("connect-src 'self'", `connect-src 'self' ${uploadOrigin}`)
    : SECURITY_HEADERS.contentSecurityPolicy;

/** SECURITY_HEADERS as the header lines a response carries, names in lower case. */
export function securityHeaderLines(uploadOrigin?: string): Record<string, string> {
  const { strictTransportSecurity: hsts, ...h } = SECURITY_HEADERS;
  return {
    'strict-transport-security': `max-age=${hsts.maxAgeSeconds}${hsts.includeSubdomains ? '; includeSubDomains' : ''}`,
    'x-content-type-options': h.contentTypeOptions,
    'x-frame-options': h.frameOptions,
    'referrer-policy': h.referrerPolicy,
    'content-security-policy': contentSecurityPolicy(uploadOrigin),
  };
}

/**
 * The business metrics the functions publish (CloudWatch embedded metric format), as the alarms and the dashboard
 * read them: namespace `Cellar`, dimensions `{ service: 'cellar', env: <APP_ENV> }`, one name per measure.
 */
export const METRICS = {
  namespace: 'Cellar',
  /** Every business metric carries exactly these dimensions (`env` is the stage's APP_ENV). */
  service: 'cellar',
  names: {
    /** Count: an order sent to the warehouse (allocated). */
    ordersSent: 'OrdersSent',
    /** Count: an order send refused because the stock was not there (or was taken by a concurrent send). */
    allocationConflicts: 'AllocationConflicts',
    /** Count: a reception closed, its stock effects applied. */
    receptionsClosed: 'ReceptionsClosed',
    /** Count: rows an import created or updated. */
    importRowsWritten: 'ImportRowsWritten',
    /** Count: rows an import refused. */
    importRowsRefused: 'ImportRowsRefused',
    /** Count/Second: an import's rows per second, once per finished import. */
    importRowsPerSecond: 'ImportRowsPerSecond',
    /** Milliseconds: a background export's duration, once per finished export. */
    exportDuration: 'ExportDuration',
    /** Count: a sign-in refused for a wrong e-mail or password. */
    signInFailures: 'SignInFailures',
    /** Count: a sign-in refused because the account or the source is locked. */
    signInLockouts: 'SignInLockouts',
  },
} as const;
