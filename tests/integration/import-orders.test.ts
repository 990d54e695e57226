/**
 * Orders by CSV file, end to end on the emulators: the file posted to S3, the worker grouping its rows into orders by
 * reference and creating each through the orders service as the uploader (a send allocates, a draft does not), the
 * orders refused (an unknown product, stock short) reported row by row, and a job resumed after a crash, or a file
 * imported again, never making an order twice.
 */
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { SendMessageCommand, SQSClient } from '@aws-sdk/client-sqs';
import { DynamoDBDocumentClient, GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { ImportJob } from '@cellar/shared/imports/schemas';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { claimRun, findJob, type JobItem } from '../../functions/src/imports/jobs';
import { findProduct } from '../../functions/src/products/repository';
import { findStock } from '../../functions/src/stocks/repository';
import { asIfDiedAtRowZero, eventually, type Harness, importFile, startHarness, USER1 } from './harness';
import { day, freshStock, unique, warehouseFixtures } from './order-fixtures';

let h: Harness;
let sqs: SQSClient;
let ddb: DynamoDBDocumentClient;

beforeAll(async () => {
  // The warehouse says nothing: a sent order stays transmitting (005) however long the import takes.
  h = await startHarness({ importVisibilityTimeout: 1, warehouse: { stepMs: 1500, plays: 'none' } });
  const env = h.runtime.env;
  const base = { region: env.AWS_REGION, credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' } };
  sqs = new SQSClient({ ...base, endpoint: env.AWS_ENDPOINT_URL_SQS });
  ddb = DynamoDBDocumentClient.from(new DynamoDBClient({ ...base, endpoint: env.AWS_ENDPOINT_URL_DYNAMODB }));
});
afterAll(() => h?.stop());

const HEADER =
  'reference;segment;send;recipient;delivery_date;carrier;service;order_type;warehouse;delivery_comment;preparation_comment;product;quantity;batch';

async function finished(id: string): Promise<ImportJob> {
  const token = await h.login(USER1);
  return eventually(async () => {
    const res = await h.call<ImportJob>('GET', `/api/imports/${id}`, { token });
    return res.body.status === 'done' || res.body.status === 'failed' ? res.body : undefined;
  }, 60_000);
}

/** The orders of a reference, with their lines. */
async function ordersOf(reference: string) {
  const token = await h.login(USER1);
  const res = await h.call('GET', `/api/orders?filter[reference]=${reference}&include=stocks&paginate=10`, { token });
  return res.body.data as { reference: string; statusCode: string; stocks: { stockId: string; ordered: number }[] }[];
}

describe('Order import', () => {
  it('creates each order once, reports the refused ones row by row, and makes none twice on a resume', async () => {
    // Prepare: a lot of 10 bottles, named by its batch so that the file takes from it alone.
    const token = await h.login(USER1);
    const { at, recipient } = await warehouseFixtures(h);
    const stockId = await freshStock(10, at, { segment: 'B2B' });
    const { batch } = (await findStock(stockId)) ?? {};
    const product = (await findProduct(at.productId))?.code;
    const contact = (await h.call('GET', `/api/contacts/${recipient}`, { token })).body.code as string;
    const [sent, unknown, short, draft] = ['A', 'B', 'C', 'D'].map((x) => unique(`IMP${x}`));
    const line = (reference: string, send: string, code: string, quantity: number) =>
      `${reference};B2B;${send};${contact};${day(3)};;;;;Livrer le matin;;${code};${quantity};${batch}`;
    const csv = [
      HEADER,
      line(sent as string, 'oui', product as string, 4),
      line(unknown as string, 'oui', 'NO-SUCH-PRODUCT', 1),
      line(sent as string, 'oui', product as string, 2),
      line(unknown as string, 'oui', product as string, 1),
      // 4 left once the first order took 6: refused whole by the allocation.
      line(short as string, 'oui', product as string, 5),
      // A draft holds nothing, whatever the stock.
      line(draft as string, 'non', product as string, 50),
    ].join('\r\n');

    // Act
    const res = await importFile(h, token, 'order', csv, { lang: 'en' });
    expect(res.status).toBe(201);
    const job = await finished(res.body.id);

    // Assess: rows 1 and 3 (one order sent) and 6 (a draft) made; 2 and 4 (an unknown product), 5 (short) refused.
    expect(job).toMatchObject({ status: 'done', total: 6, processed: 6, created: 3, failed: 3 });
    expect(job.errors.map((e) => e.row)).toEqual([2, 4, 5]);
    expect(job.errors[0]?.messages).toEqual(['Product (code): No product of this code in this account.']);
    expect(job.errors[1]?.messages.join()).toMatch(new RegExp(`^Order ${unknown} refused: .*No product of this code`));
    expect(job.errors[2]?.messages.join()).toMatch(new RegExp(`^Order ${short} refused: `));
    const [order] = await ordersOf(sent as string);
    expect(order).toMatchObject({ statusCode: '005', stocks: [{ stockId, ordered: 6 }] });
    expect(await ordersOf(draft as string)).toMatchObject([{ statusCode: '000', stocks: [{ stockId, ordered: 50 }] }]);
    expect(await ordersOf(unknown as string)).toEqual([]);
    expect(await ordersOf(short as string)).toEqual([]);
    expect((await findStock(stockId))?.quantity_allocated).toBe(6);

    const report = await h.call('GET', `/api/imports/${res.body.id}/refused`, { token });
    const lines = report.text.replace('\uFEFF', '').split('\r\n').filter(Boolean);
    expect(lines[0]).toBe(HEADER);
    expect(lines.filter((l) => l.startsWith('# '))).toHaveLength(3);
    expect(lines[1]).toMatch(/^# Row 2 : Product \(code\): /);
    expect(lines[2]).toBe(line(unknown as string, 'oui', 'NO-SUCH-PRODUCT', 1));

    // As if the worker had died after creating the orders, before its checkpoint: the job found running at row 0.
    await asIfDiedAtRowZero(ddb, job.id);
    const env = h.runtime.env;
    const notify = () =>
      sqs.send(
        new SendMessageCommand({
          QueueUrl: env.IMPORT_QUEUE_URL,
          MessageBody: JSON.stringify({
            Records: [{ s3: { bucket: { name: env.IMPORT_BUCKET }, object: { key: `incoming/${job.id}.csv` } } }],
          }),
        }),
      );
    const stored = async () =>
      (await ddb.send(new GetCommand({ TableName: 'cellar', Key: { PK: `IMPORT#${job.id}`, SK: 'IMPORT' } }))).Item as {
        invocations: number;
        leaseUntil?: number;
      };
    const ran = (await stored()).invocations;
    await notify();
    // The same notification again while the resumed run works the job (SQS delivers at least once): it keeps out.
    await eventually(async () => ((await stored()).invocations > ran ? true : undefined), 30_000);
    await notify();
    const resumed = await finished(job.id);
    expect(resumed).toMatchObject({ status: 'done', total: 6, processed: 6, created: 3, failed: 3 });
    expect(resumed.errors.map((e) => e.row)).toEqual([2, 4, 5]);
    // One run resumed the job, and let it go when done.
    expect(await stored()).toMatchObject({ invocations: ran + 1, leaseUntil: 0 });
    expect(await ordersOf(sent as string)).toHaveLength(1);
    expect(await ordersOf(draft as string)).toHaveLength(1);
    expect((await findStock(stockId))?.quantity_allocated).toBe(6);

    // The same file again, as a new import: its references are taken, nothing is made twice.
    const again = await finished((await importFile(h, token, 'order', csv, { lang: 'en' })).body.id);
    expect(again).toMatchObject({ status: 'done', created: 0, failed: 6 });
    expect(again.errors[0]?.messages.join()).toMatch(new RegExp(`^Order ${sent} refused: `));
    expect(await ordersOf(sent as string)).toHaveLength(1);
    expect((await findStock(stockId))?.quantity_allocated).toBe(6);
  }, 120_000);

  it('lets one run at a time work a job: a delivery while a run holds it keeps out, one after the run died takes it', async () => {
    const token = await h.login(USER1);
    const csv = [HEADER, `${unique('IMPL')};B2B;oui;DEST1;${day(3)};;;;;;;NO-SUCH-PRODUCT;1;`].join('\r\n');
    const { id } = await finished((await importFile(h, token, 'order', csv, { lang: 'en' })).body.id);
    const job = async () => (await findJob(id)) as JobItem;
    const minute = () => Date.now() + 60_000;
    // Found running, as after a crash: a run takes it; a second delivery read after it (a duplicate, or its own
    // message seen again) keeps out while the first holds it.
    await ddb.send(
      new UpdateCommand({
        TableName: 'cellar',
        Key: { PK: `IMPORT#${id}`, SK: 'IMPORT' },
        UpdateExpression: 'SET #s = :running',
        ExpressionAttributeNames: { '#s': 'status' },
        ExpressionAttributeValues: { ':running': 'running' },
      }),
    );
    expect(await claimRun(await job(), minute())).toBe(true);
    expect(await claimRun(await job(), minute())).toBe(false);
    // The run died: its hold ended with its invocation, and the message seen again takes the job.
    await ddb.send(
      new UpdateCommand({
        TableName: 'cellar',
        Key: { PK: `IMPORT#${id}`, SK: 'IMPORT' },
        UpdateExpression: 'SET leaseUntil = :past',
        ExpressionAttributeValues: { ':past': Date.now() - 1 },
      }),
    );
    expect(await claimRun(await job(), minute())).toBe(true);
  }, 60_000);

  it('refuses every row of an order whose rows disagree, and gives the template to a writer of orders only', async () => {
    const token = await h.login(USER1);
    const labels = await h.call('GET', '/api/csv/order?returnFile=false', { token });
    expect(labels.body.labels).toEqual(HEADER.split(';'));
    const guide = await h.call('GET', '/api/csv/order', { token, lang: 'fr' });
    expect(guide.text).toContain('# reference: Référence de commande · obligatoire');
    expect((await h.call('GET', '/api/csv/order', { token: await h.login('reader@cli001.test') })).status).toBe(403);

    const reference = unique('IMPX');
    const csv = [
      HEADER,
      `${reference};B2B;oui;DEST1;${day(3)};;;;;Matin;;P1;1;`,
      `${reference};B2B;non;DEST1;${day(3)};;;;;Matin;;P2;1;`,
    ].join('\r\n');
    const job = await finished((await importFile(h, token, 'order', csv, { lang: 'fr' })).body.id);
    expect(job).toMatchObject({ created: 0, failed: 2 });
    for (const e of job.errors)
      expect(e.messages).toContain(
        `Envoyer (oui) ou brouillon (non) : Les lignes de la commande ${reference} ne donnent pas la même valeur dans cette colonne.`,
      );
  }, 60_000);
});
