/**
 * An import longer than one invocation of its worker. The deployed worker has 300 seconds and 100,000 rows take
 * longer: it saves its place when its time runs short and continues in a new invocation. Here the local runtime
 * gives the worker a context of one second, so that a few thousand rows take several invocations.
 */

import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, GetCommand } from '@aws-sdk/lib-dynamodb';
import type { ImportJob } from '@cellar/shared/imports/schemas';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOCAL_TABLE_NAME } from '../../functions/src/config/topology';
import { keys } from '../../functions/src/data/keys';
import { bySize } from '../fixtures/size';
import { eventually, type Harness, importFile, startHarness, USER1 } from './harness';

let h: Harness;
let ddb: DynamoDBDocumentClient;

beforeAll(async () => {
  h = await startHarness({ workerTimeoutSeconds: { imports: 1 } });
  const env = h.runtime.env;
  ddb = DynamoDBDocumentClient.from(
    new DynamoDBClient({
      region: env.AWS_REGION,
      credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
      endpoint: env.AWS_ENDPOINT_URL_DYNAMODB,
    }),
  );
});
afterAll(() => h?.stop());

describe('An import continued across invocations', () => {
  it('writes every row once over several invocations of one second', { timeout: 300_000 }, async () => {
    // Prepare
    // Enough rows for several invocations of one second (a chunk of 250 takes about that locally).
    const ROWS = bySize(1_250, 3_000);
    const token = await h.login(USER1);
    const total = async () =>
      (await h.call('GET', '/api/contacts?filter[type]=recipient&paginate=1', { token })).body.meta.total as number;
    const before = await total();
    const me = await h.call('GET', '/api/auth/user?include=warehouses', { token });
    const lines = ['code;is_company;company;name;street;details;postcode;city;country;email;phone;siret;excise'];
    for (let i = 1; i <= ROWS; i++)
      lines.push(
        `CNT${String(i).padStart(5, '0')};non;;Client ${i};4 rue Sainte-Catherine;;33000;Bordeaux;FR;cnt${i}@example.com;0601020304;;`,
      );
    // Act
    const res = await importFile(h, token, 'contact', lines.join('\r\n'), {
      fields: { type: 'recipient', warehouse: me.body.warehouses[0].id, segment: 'B2C' },
    });
    expect(res.status, res.text).toBe(201);
    const done = await eventually(async () => {
      const j = (await h.call<ImportJob>('GET', `/api/imports/${res.body.id}`, { token })).body;
      return j.status === 'done' || j.status === 'failed' ? j : undefined;
    }, 280_000);
    // Assess
    expect(done).toMatchObject({ status: 'done', total: ROWS, processed: ROWS, created: ROWS, failed: 0 });
    expect(done.errors).toEqual([]);
    expect(await total()).toBe(before + ROWS);
    const job = await ddb.send(new GetCommand({ TableName: LOCAL_TABLE_NAME, Key: keys.importJob(res.body.id) }));
    expect(job.Item?.invocations).toBeGreaterThan(1);
  });
});
