export declare const config: {
  readonly tableName: string;
  readonly importBucket: string;
  readonly exportBucket: string;
  readonly appEnv: string;
  /** Local emulators need path-style S3 addressing. */
  readonly s3ForcePathStyle: boolean;
  /** The API refuses bodies above this size (413). */
  maxBodyBytes: number;
  tokenTtlSeconds: number;
};
