/** What a function learns from its environment; read once per container. */
const env = (name: string, fallback?: string): string => {
  const v = process.env[name] ?? fallback;
  if (v === undefined) throw new Error(`Missing environment variable ${name}`);
  return v;
};

export const config = {
  get tableName() {
    return env('TABLE_NAME', 'cellar');
  },
  get importBucket() {
    return env('IMPORT_BUCKET', 'cellar-imports');
  },
  get exportBucket() {
    return env('EXPORT_BUCKET', 'cellar-exports');
  },
  get exportQueueUrl() {
    return env('EXPORT_QUEUE_URL');
  },
  get appEnv() {
    return env('APP_ENV', 'production');
  },
  /** Local emulators need path-style S3 addressing. */
  get s3ForcePathStyle() {
    return process.env.S3_FORCE_PATH_STYLE === 'true';
  },
  /** The API refuses bodies above this size (413). */
  maxBodyBytes: 1_000_000,
  /** Multipart uploads (CSV imports) may be larger, up to API Gateway's 10 MB payload. */
  maxUploadBytes: 6_000_000,
  tokenTtlSeconds: 12 * 3600,
};
