/**
 * What SQS would have kept across a crash: the local queues live in memory, so at start the runtime sends again the
 * message of every import and export job left unfinished (queued, or running when the process died). Each worker
 * resumes its job from its records (the import from its last saved row, recognising the rows the dead attempt
 * created). Local runtime only: in AWS the messages survive in SQS and come back after their visibility timeout.
 */

import { ScanCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { BUCKETS } from '@cellar/functions/config/topology';
import { documentClient } from '@cellar/functions/data/client';
import { getObject } from '@cellar/functions/platform/files/objects';
import { sendMessage } from '@cellar/functions/platform/messaging/queue';

interface Queues {
  table: string;
  importBucket: string;
  importQueueUrl: string;
  exportQueueUrl: string;
}

type JobItem = { id: string; PK: string; SK: string; entity: 'import' | 'export' };

/**
 * The import and export jobs left queued or running, read in one Scan of the table (jobs have no index: this is the
 * local runtime's start, never a deployed path). The whole table is read either way: one pass instead of one per
 * kind halves what every start pays (about 0.4 s on the demo).
 */
async function unfinished(table: string): Promise<JobItem[]> {
  const found: JobItem[] = [];
  let start: Record<string, unknown> | undefined;
  do {
    const page = await documentClient().send(
      new ScanCommand({
        TableName: table,
        FilterExpression: '#entity IN (:import, :export) AND #status IN (:queued, :running)',
        ExpressionAttributeNames: { '#entity': 'entity', '#status': 'status' },
        ExpressionAttributeValues: {
          ':import': 'import',
          ':export': 'export',
          ':queued': 'queued',
          ':running': 'running',
        },
        ExclusiveStartKey: start,
      }),
    );
    found.push(...((page.Items ?? []) as JobItem[]));
    start = page.LastEvaluatedKey;
  } while (start);
  return found;
}

const uploaded = async (bucket: string, key: string) => {
  try {
    await getObject({ Bucket: bucket, Key: key });
    return true;
  } catch {
    return false;
  }
};

/**
 * The run that held the job died with the process: the job is free at once (in AWS, its lease ends long before the
 * message comes back).
 */
const free = (table: string, job: JobItem) =>
  documentClient().send(
    new UpdateCommand({
      TableName: table,
      Key: { PK: job.PK, SK: job.SK },
      UpdateExpression: 'SET leaseUntil = :free',
      ExpressionAttributeValues: { ':free': 0 },
    }),
  );

/** Sends again the messages of the unfinished jobs; answers how many of each. */
export async function requeueUnfinishedJobs(q: Queues): Promise<{ imports: number; exports: number }> {
  const jobs = await unfinished(q.table);
  let imports = 0;
  for (const job of jobs.filter((j) => j.entity === 'import')) {
    const key = `${BUCKETS.imports.uploadPrefix}${job.id}.csv`;
    // A job whose file never arrived waits for its upload, as it would in AWS.
    if (!(await uploaded(q.importBucket, key))) continue;
    await free(q.table, job);
    const body = { Records: [{ s3: { bucket: { name: q.importBucket }, object: { key } } }] };
    await sendMessage({ QueueUrl: q.importQueueUrl, MessageBody: JSON.stringify(body) });
    imports += 1;
  }
  const exportJobs = jobs.filter((j) => j.entity === 'export');
  for (const job of exportJobs) {
    await free(q.table, job);
    await sendMessage({ QueueUrl: q.exportQueueUrl, MessageBody: JSON.stringify({ id: job.id }) });
  }
  return { imports, exports: exportJobs.length };
}
