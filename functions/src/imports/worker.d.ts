import type { SQSBatchResponse, SQSEvent } from 'aws-lambda';
export interface ImportJob {
  bucket: string;
  key: string;
  header: string[];
  rows: number;
}
export declare function readImport(bucket: string, key: string): Promise<ImportJob>;
export declare const handler: (event: SQSEvent) => Promise<SQSBatchResponse>;
