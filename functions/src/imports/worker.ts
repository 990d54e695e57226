/**
 * The import pipeline's worker: S3 (incoming/…) → SQS → here. Each message carries S3 event records; the
 * worker reads the uploaded CSV, parses it (';', '#' comments, BOM), and records the job with its row count.
 * A message that fails is reported in `batchItemFailures` so only it is retried, then dead-lettered.
 * The per-template row validation and writes come with the CSV import issue.
 */
import { GetObjectCommand } from '@aws-sdk/client-s3';
import type { S3Event, SQSBatchResponse, SQSEvent } from 'aws-lambda';
import { parse } from 'csv-parse/sync';
import { s3Client } from '../data/client';
import { putItem } from '../data/table';
import { logger } from '../platform/logger';

export interface ImportJob {
  bucket: string;
  key: string;
  header: string[];
  rows: number;
}

export async function readImport(bucket: string, key: string): Promise<ImportJob> {
  const out = await s3Client().send(new GetObjectCommand({ Bucket: bucket, Key: key }));
  const text = await out.Body?.transformToString('utf-8');
  if (text === undefined) throw new Error(`Empty object ${key}`);
  const records: string[][] = parse(text, {
    delimiter: ';',
    comment: '#',
    bom: true,
    skip_empty_lines: true,
    relax_column_count: true,
  });
  const [header = [], ...rows] = records;
  return { bucket, key, header, rows: rows.length };
}

export const handler = async (event: SQSEvent): Promise<SQSBatchResponse> => {
  const batchItemFailures: SQSBatchResponse['batchItemFailures'] = [];
  for (const message of event.Records) {
    try {
      const s3Event = JSON.parse(message.body) as Partial<S3Event>;
      for (const record of s3Event.Records ?? []) {
        const key = decodeURIComponent(record.s3.object.key.replace(/\+/g, ' '));
        const job = await readImport(record.s3.bucket.name, key);
        await putItem({
          PK: `IMPORT#${key}`,
          SK: 'IMPORT',
          entity: 'import',
          status: 'received',
          ...job,
          receivedAt: new Date().toISOString(),
        });
        logger.info('Import received', { key, rows: job.rows });
      }
    } catch (error) {
      logger.error('Import failed', { messageId: message.messageId, error: error as Error });
      batchItemFailures.push({ itemIdentifier: message.messageId });
    }
  }
  return { batchItemFailures };
};
