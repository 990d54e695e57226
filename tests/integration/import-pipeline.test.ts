/**
 * CSV imports end to end on the emulators: the template, the import request through the gateway, the file posted
 * straight to S3 with its presigned POST, the job, the object under incoming/ announced to SQS as S3 would, the worker polled like Lambda's event source mapping, and
 * the records it creates through the entities' own services. A message the worker cannot handle is retried and
 * then dead-lettered, without holding back its batch.
 */

import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { GetQueueAttributesCommand, ReceiveMessageCommand, SendMessageCommand, SQSClient } from '@aws-sdk/client-sqs';
import { DynamoDBDocumentClient, PutCommand } from '@aws-sdk/lib-dynamodb';
import type { ImportJob } from '@cellar/shared/imports/schemas';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { csvLine, RED_WINE_ROW } from '../fixtures/import-rows';
import {
  ADMIN1,
  ADMIN2,
  asIfDiedAtRowZero,
  eventually,
  type Harness,
  importFile,
  READER1,
  SUPER,
  startHarness,
  USER1,
} from './harness';

let h: Harness;
let sqs: SQSClient;
let ddb: DynamoDBDocumentClient;

beforeAll(async () => {
  h = await startHarness({ importVisibilityTimeout: 1 });
  const env = h.runtime.env;
  const base = { region: env.AWS_REGION, credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' } };
  sqs = new SQSClient({ ...base, endpoint: env.AWS_ENDPOINT_URL_SQS });
  ddb = DynamoDBDocumentClient.from(new DynamoDBClient({ ...base, endpoint: env.AWS_ENDPOINT_URL_DYNAMODB }));
});
afterAll(() => h?.stop());

async function upload(email: string, template: string, csv: string | Uint8Array, fields = {}, lang?: 'fr' | 'en') {
  return importFile(h, await h.login(email), template, csv, { fields, lang });
}

async function finished(email: string, id: string): Promise<ImportJob> {
  const token = await h.login(email);
  return eventually(async () => {
    const res = await h.call<ImportJob>('GET', `/api/imports/${id}`, { token });
    return res.body.status === 'done' || res.body.status === 'failed' ? res.body : undefined;
  });
}

describe('Import templates', () => {
  it('gives the header labels, and the file with a guide in comments', async () => {
    const token = await h.login(ADMIN1);
    const labels = await h.call('GET', '/api/csv/user?returnFile=false', { token });
    expect(labels.body).toEqual({ labels: ['lastname', 'firstname', 'email', 'role', 'warehouses', 'modules'] });
    const file = await h.call('GET', '/api/csv/user', { token, lang: 'fr' });
    expect(file.headers.get('content-disposition')).toContain('user.csv');
    const lines = file.text.replace('\uFEFF', '').trim().split('\r\n');
    expect(lines.at(-1)).toBe('lastname;firstname;email;role;warehouses;modules');
    // The roles an admin may give, and its company's warehouses.
    expect(lines.find((l) => l.startsWith('# role'))).toContain('reader, user');
    expect(lines.find((l) => l.startsWith('# warehouses'))).toMatch(/BDX, COG, REI/);
    // The guide states the limits, in the asker's language and its way of writing numbers.
    expect(lines[1]).toMatch(/^# Un import contient au plus 100\s000 lignes et 20 Mo\.$/);
    const english = await h.call('GET', '/api/csv/user', { token, lang: 'en' });
    expect(english.text).toContain('# An import holds at most 100,000 rows and 20 MB.\r\n');
  });

  it('follows the contact type, and refuses what the caller may not import', async () => {
    const user = await h.login(USER1);
    expect(
      (await h.call('GET', '/api/csv/contact?type=recipient&returnFile=false', { token: user })).body.labels,
    ).toContain('excise');
    expect((await h.call('GET', '/api/csv/contact?returnFile=false', { token: user })).status).toBe(422);
    expect((await h.call('GET', '/api/csv/user', { token: user })).status).toBe(403);
    expect((await h.call('GET', '/api/csv/contact?type=carrier', { token: user })).status).toBe(403);
    expect((await h.call('GET', '/api/csv/company', { token: await h.login(ADMIN1) })).status).toBe(403);
    expect((await h.call('GET', '/api/csv/nope', { token: user })).status).toBe(422);
  });
});

describe('User import', () => {
  it('creates the valid rows as the uploader, and reports the others by row', async () => {
    const csv = [
      '# exported by hand',
      'lastname;firstname;email;role;warehouses;modules',
      'Imported;Ana;ana.import@cli001.test;user;BDX;order,stock',
      'Imported;Bob;bob.import@cli001.test;reader;bdx|cog;',
      // An admin may not give its own role: the worker checks it as the API does.
      'Imported;Cid;cid.import@cli001.test;admin;BDX;',
      // Already a user.
      'Imported;Dan;user@cli001.test;user;BDX;',
    ].join('\r\n');
    const res = await upload(ADMIN1, 'user', csv);
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ template: 'user', status: 'queued', total: 4, processed: 0 });
    const job = await finished(ADMIN1, res.body.id);
    expect(job).toMatchObject({ status: 'done', total: 4, processed: 4, created: 2, failed: 2 });
    expect(job.errors.map((e) => e.row)).toEqual([3, 4]);
    expect(job.errors[0]?.messages.join()).toContain('Role');
    // The refusal names the field by its column's label, not by its path in the API's input.
    expect(job.errors[1]?.messages).toEqual(['E-mail: This value is already used.']);

    const token = await h.login(ADMIN1);
    const list = await h.call('GET', '/api/users?filter[search]=import&include=warehouses&paginate=100', { token });
    const byEmail = Object.fromEntries(list.body.data.map((u: any) => [u.email, u]));
    expect(byEmail['ana.import@cli001.test']).toMatchObject({ role: 'user', scope: ['order', 'stock'] });
    expect(byEmail['bob.import@cli001.test'].warehouses.map((w: any) => w.code).sort()).toEqual(['BDX', 'COG']);
    // Imported users get the first-login e-mail like users created by hand.
    const mailbox = await (await fetch(`${h.url}/_mailbox`)).text();
    expect(mailbox).toContain('ana.import@cli001.test');
  });

  it('needs the account from a superadmin, and imports into it', async () => {
    const csv =
      'lastname;firstname;email;role;warehouses;modules\r\nImported;Eve;eve.import@cli002.test;admin;BDX;\r\n';
    const missing = await upload(SUPER, 'user', csv);
    expect(missing.status).toBe(422);
    expect((missing.body as any).errors).toHaveProperty('owner');
    const admin2 = await h.call('GET', '/api/auth/user?include=company', { token: await h.login(ADMIN2) });
    const res = await upload(SUPER, 'user', csv, { owner: admin2.body.company.id });
    const job = await finished(SUPER, res.body.id);
    expect(job).toMatchObject({ status: 'done', created: 1 });
    const found = await h.call('GET', '/api/email/eve.import@cli002.test', { token: await h.login(ADMIN2) });
    expect(found.status).toBe(200);
  });

  it('ends the job with the catalogue’s words when the file is not the template', async () => {
    // The file is read by the worker now: a header that is not the template fails the job, in the asker's words.
    const header = await upload(ADMIN1, 'user', 'nom;prenom\r\nA;B\r\n', {}, 'fr');
    expect(header.status).toBe(201);
    const job = await finished(ADMIN1, header.body.id);
    expect(job).toMatchObject({ status: 'failed', created: 0 });
    expect(job.errors).toEqual([{ row: 0, messages: ['Le fichier CSV ne correspond pas avec la matrice attendue.'] }]);
  });

  it('reads a Windows-1252 file', async () => {
    const text = 'lastname;firstname;email;role;warehouses;modules\r\nHélène;Zoé;zoe.import@cli001.test;user;BDX;\r\n';
    const bytes = Uint8Array.from([...text].map((c) => c.charCodeAt(0)));
    const res = await upload(ADMIN1, 'user', bytes);
    expect((await finished(ADMIN1, res.body.id)).created).toBe(1);
    const list = await h.call('GET', '/api/users?filter[search]=zoe.import', { token: await h.login(ADMIN1) });
    expect(list.body.data[0]).toMatchObject({ lastname: 'Hélène', firstname: 'Zoé' });
  });

  it('keeps a job to its company, and a reader out', async () => {
    const csv = 'lastname;firstname;email;role;warehouses;modules\r\nX;Y;xy.import@cli001.test;reader;BDX;\r\n';
    const res = await upload(ADMIN1, 'user', csv);
    await finished(ADMIN1, res.body.id);
    expect((await h.call('GET', `/api/imports/${res.body.id}`, { token: await h.login(ADMIN2) })).status).toBe(404);
    expect((await h.call('GET', `/api/imports/${res.body.id}`, { token: await h.login(SUPER) })).status).toBe(200);
    expect((await upload(READER1, 'user', csv)).status).toBe(403);
  });
});

describe('Company and contact imports', () => {
  it('creates companies for the provider', async () => {
    const token = await h.login(SUPER);
    const { labels } = (await h.call('GET', '/api/csv/company?returnFile=false', { token })).body;
    const row: Record<string, string> = {
      code: 'IMP001',
      name: 'Domaine Importé',
      street: '3 quai des Chartrons',
      postcode: '33000',
      city: 'Bordeaux',
      country: 'FR',
      warehouses: 'BDX',
      segments: 'B2B',
      organic: 'oui',
    };
    const csv = `${labels.join(';')}\r\n${labels.map((l: string) => row[l] ?? '').join(';')}\r\n`;
    const res = await upload(SUPER, 'company', csv, {});
    expect(res.status, res.text).toBe(201);
    const job = await finished(SUPER, res.body.id);
    expect(job).toMatchObject({ status: 'done', created: 1, failed: 0 });
    const list = await h.call('GET', '/api/companies?filter[code]=IMP001', { token });
    expect(list.body.data[0]).toMatchObject({ code: 'IMP001', isCertifiedOrganic: true, active: true });

    // The same code again: refused, the field named by its column's label in the uploader's language.
    const again = await upload(SUPER, 'company', csv, {}, 'fr');
    expect(again.status, again.text).toBe(201);
    const refused = await finished(SUPER, again.body.id);
    expect(refused).toMatchObject({ status: 'done', created: 0, failed: 1 });
    expect(refused.errors[0]?.messages).toEqual(['Code : Cette valeur est déjà utilisée.']);
  });

  it('creates recipients in the chosen warehouse and segment, for the uploader’s company only', async () => {
    const token = await h.login(USER1);
    const me = await h.call('GET', '/api/auth/user?include=warehouses', { token });
    const warehouse = me.body.warehouses[0].id;
    const csv = [
      'code;is_company;company;name;street;details;postcode;city;country;email;phone;siret;excise',
      'IMPREC1;non;;Jeanne Client;4 rue Sainte-Catherine;;33000;Bordeaux;FR;jeanne@example.com;0601020304;;',
      'IMPREC2;non;;;4 rue Sainte-Catherine;;33000;Bordeaux;FR;;;;',
    ].join('\r\n');
    const other = await h.call('GET', '/api/auth/user?include=company', { token: await h.login(ADMIN2) });
    // A non-superadmin's owner field is ignored: the rows go to its own company.
    const res = await upload(USER1, 'contact', csv, {
      type: 'recipient',
      warehouse,
      segment: 'B2C',
      owner: other.body.company.id,
    });
    const job = await finished(USER1, res.body.id);
    expect(job).toMatchObject({ created: 1, failed: 1 });
    expect(job.errors[0]).toMatchObject({ row: 2 });
    const got = await h.call('GET', '/api/contacts?filter[type]=recipient&filter[code]=IMPREC1', { token });
    expect(got.body.data[0]).toMatchObject({ segment: 'B2C', warehouseId: warehouse, ownerId: me.body.companyId });
  });
});

describe('Product import', () => {
  it('creates products with their attributes, the sub-family filling its usual values', async () => {
    const token = await h.login(USER1);
    const supplier = (await h.call('GET', '/api/contacts?filter[type]=supplier&paginate=1', { token })).body.data[0];
    const { labels } = (await h.call('GET', '/api/csv/product?returnFile=false', { token })).body;
    const line = (row: Record<string, string>) => csvLine(labels, row);
    const base = { ...RED_WINE_ROW, supplier: supplier.code };
    const csv = [
      labels.join(';'),
      line({ ...base, code: 'IMPPROD1', has_batch: 'oui' }),
      // Not a colour of cognac.
      line({ ...base, code: 'IMPPROD2', sub_family: 'COGNAC', color: 'RG' }),
    ].join('\r\n');
    const res = await upload(USER1, 'product', csv, {});
    expect(res.status, res.text).toBe(201);
    const job = await finished(USER1, res.body.id);
    expect(job).toMatchObject({ created: 1, failed: 1 });
    expect(job.errors[0]?.messages.join()).toContain('Colour');
    const list = await h.call('GET', '/api/products?filter[search]=IMPPROD1&include=supplier', { token });
    expect(list.body.data[0]).toMatchObject({
      code: 'IMPPROD1',
      familyId: 'WINE_RED',
      hasBatch: true,
      supplier: { code: supplier.code },
      attributes: { family: 'VT', color: 'RG', capacity: 'CL75', weight: '1500' },
    });
  });

  it('needs the account from a superadmin', async () => {
    const token = await h.login(SUPER);
    const { labels } = (await h.call('GET', '/api/csv/product?returnFile=false', { token })).body;
    const res = await upload(SUPER, 'product', `${labels.join(';')}\r\nX;Y\r\n`, {});
    expect(res.status).toBe(422);
    expect((res.body as any).errors).toHaveProperty('owner');
  });
});

describe('Import worker failures', () => {
  it('dead-letters a failing message after three receives while its batch-mates succeed', async () => {
    const env = h.runtime.env;
    // A job whose file never arrived: the worker cannot read it.
    const me = await h.call('GET', '/api/auth/user', { token: await h.login(ADMIN1) });
    const lost = '01JLOSTFILE0000000000000000';
    await ddb.send(
      new PutCommand({
        TableName: 'cellar',
        Item: {
          PK: `IMPORT#${lost}`,
          SK: 'IMPORT',
          id: lost,
          template: 'user',
          type: null,
          ownerId: me.body.companyId,
          tenantId: me.body.companyId,
          userId: me.body.id,
          lang: 'en',
          status: 'queued',
          total: 1,
          processed: 0,
          created: 0,
          failed: 0,
          errors: [],
          createdAt: new Date().toISOString(),
          finishedAt: null,
        },
      }),
    );
    await sqs.send(
      new SendMessageCommand({
        QueueUrl: env.IMPORT_QUEUE_URL,
        MessageBody: JSON.stringify({
          Records: [{ s3: { bucket: { name: env.IMPORT_BUCKET }, object: { key: `incoming/${lost}.csv` } } }],
        }),
      }),
    );
    const csv = 'lastname;firstname;email;role;warehouses;modules\r\nOk;Ok;ok.import@cli001.test;user;BDX;\r\n';
    const good = await upload(ADMIN1, 'user', csv);
    expect((await finished(ADMIN1, good.body.id)).created).toBe(1);
    const dead = await eventually(async () => {
      const out = await sqs.send(
        new ReceiveMessageCommand({ QueueUrl: env.IMPORT_DLQ_URL, WaitTimeSeconds: 1, AttributeNames: ['All'] }),
      );
      return out.Messages?.[0];
    }, 30_000);
    expect(dead.Body).toContain(`incoming/${lost}.csv`);
    // Its last attempt ends the job, so that the screen following it stops waiting (the emulator may hand the
    // message to the dead-letter queue while that attempt still runs).
    const token = await h.login(ADMIN1);
    const ended = await eventually(async () => {
      const res = await h.call<ImportJob>('GET', `/api/imports/${lost}`, { token });
      return res.body.status === 'running' || res.body.status === 'queued' ? undefined : res.body;
    });
    expect(ended).toMatchObject({ status: 'failed', errors: [{ row: 0, messages: ['Server error.'] }] });
    const attrs = await sqs.send(
      new GetQueueAttributesCommand({
        QueueUrl: env.IMPORT_QUEUE_URL,
        AttributeNames: ['ApproximateNumberOfMessages'],
      }),
    );
    expect(Number(attrs.Attributes?.ApproximateNumberOfMessages ?? 0)).toBe(0);
  });

  it('skips a finished job when S3 announces its file again (at-least-once delivery)', async () => {
    const env = h.runtime.env;
    const csv = 'lastname;firstname;email;role;warehouses;modules\r\nTwice;Once;twice.import@cli001.test;user;BDX;\r\n';
    const res = await upload(ADMIN1, 'user', csv);
    const done = await finished(ADMIN1, res.body.id);
    expect(done).toMatchObject({ created: 1, failed: 0 });
    await sqs.send(
      new SendMessageCommand({
        QueueUrl: env.IMPORT_QUEUE_URL,
        MessageBody: JSON.stringify({
          Records: [{ s3: { bucket: { name: env.IMPORT_BUCKET }, object: { key: `incoming/${res.body.id}.csv` } } }],
        }),
      }),
    );
    // The queue drains (the message was handled), and the job is as it was: no second attempt at the row.
    await eventually(async () => {
      const attrs = await sqs.send(
        new GetQueueAttributesCommand({
          QueueUrl: env.IMPORT_QUEUE_URL,
          AttributeNames: ['ApproximateNumberOfMessages', 'ApproximateNumberOfMessagesNotVisible'],
        }),
      );
      const left =
        Number(attrs.Attributes?.ApproximateNumberOfMessages ?? 0) +
        Number(attrs.Attributes?.ApproximateNumberOfMessagesNotVisible ?? 0);
      return left === 0 ? true : undefined;
    });
    const again = await h.call<ImportJob>('GET', `/api/imports/${res.body.id}`, { token: await h.login(ADMIN1) });
    expect(again.body).toEqual(done);
  });
});

describe('Refused-rows report', () => {
  const HEADER = 'code;is_company;company;name;street;details;postcode;city;country;email;phone;siret;excise';
  const ok = (code: string, company = 'Cave') =>
    `${code};oui;${company};;4 rue Sainte-Catherine;;33000;Bordeaux;FR;;+33 6 01 02 03 04;;`;

  async function recipients(csv: string, lang: 'fr' | 'en') {
    const token = await h.login(USER1);
    const me = await h.call('GET', '/api/auth/user?include=warehouses', { token });
    const fields = { type: 'recipient', warehouse: me.body.warehouses[0].id, segment: 'B2B' };
    const res = await upload(USER1, 'contact', csv, fields, lang);
    expect(res.status).toBe(201);
    return { job: await finished(USER1, res.body.id), fields };
  }

  it('gives every refused row with its reason, in the uploader’s language, as a file that imports again', async () => {
    // 150 rows without a city (more than the job keeps), two rows repeating a code, a formula, one good row.
    const csv = [
      HEADER,
      ok('REFOK1'),
      ...Array.from({ length: 150 }, (_, i) => ok(`REFNOCITY${i}`).replace(';Bordeaux;', ';;')),
      ok('REFTWICE'),
      ok('REFTWICE'),
      ok('REFFORMULA', '=HYPERLINK("x")').replace(';33000;', ';;'),
    ].join('\r\n');
    const { job, fields } = await recipients(csv, 'fr');
    expect(job).toMatchObject({ status: 'done', total: 154, created: 1, failed: 153 });
    expect(job.errors).toHaveLength(100);
    expect(job.startedAt).not.toBeNull();

    const token = await h.login(USER1);
    const res = await h.fetch(`/api/imports/${job.id}/refused`, {
      headers: { authorization: `Bearer ${token}`, 'accept-language': 'en' },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/csv');
    expect(res.headers.get('content-disposition')).toContain('contact-refused.csv');
    const bytes = new Uint8Array(await res.arrayBuffer());
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = new TextDecoder().decode(bytes).split('\r\n');
    expect(lines[0]).toBe(HEADER);
    expect(lines).toHaveLength(1 + 153 * 2 + 1);
    // In file order, each after its reason, worded in the uploader's language (French), whoever downloads.
    expect(lines[1]).toBe('# Ligne 2 : Ville : Ce champ est obligatoire.');
    expect(lines[2]).toBe(ok('REFNOCITY0').replace(';Bordeaux;', ';;').replace(';+33', ";'+33"));
    expect(lines[301]).toMatch(/^# Ligne 152 : Code : .*plusieurs fois/);
    expect(lines[303]).toMatch(/^# Ligne 153 : Code : .*plusieurs fois/);
    expect(lines[305]).toMatch(/^# Ligne 154 : Code postal : /);
    expect(lines[306]).toMatch(/^REFFORMULA;oui;"'=HYPERLINK\(""x""\)";/);

    // As it is, the file imports again: the comments are skipped, the neutralised cells read back as they were.
    const again = await upload(USER1, 'contact', new TextDecoder().decode(bytes), fields, 'fr');
    expect(again.status).toBe(201);
    expect(again.body.total).toBe(153);
  });

  it('is the uploader company’s: another company gets 404, a reader is refused', async () => {
    const { job } = await recipients([HEADER, ok('REFOTHER').replace(';Bordeaux;', ';;')].join('\r\n'), 'en');
    expect(job.failed).toBe(1);
    const path = `/api/imports/${job.id}/refused`;
    const own = await h.call('GET', path, { token: await h.login(USER1) });
    expect(own.text.split('\r\n')[1]).toBe('# Row 1 : City: This field is required.');
    expect((await h.call('GET', path, { token: await h.login(ADMIN2) })).status).toBe(404);
    expect((await h.call('GET', path, { token: await h.login(READER1) })).status).toBe(403);
    expect((await h.call('GET', path, { token: await h.login(SUPER) })).status).toBe(200);
    expect(
      (await h.call('GET', '/api/imports/01JNOSUCHJOB0000000000000/refused', { token: await h.login(USER1) })).status,
    ).toBe(404);
  });
});

describe('A replayed chunk', () => {
  it('recognises the rows its dead attempt created, keeps the refused rows exact, and ends with true totals', async () => {
    const env = h.runtime.env;
    const token = await h.login(USER1);
    const me = await h.call('GET', '/api/auth/user?include=warehouses', { token });
    const total = async () =>
      (await h.call('GET', '/api/contacts?filter[type]=recipient&paginate=1', { token })).body.meta.total as number;
    const before = await total();
    const csv = [
      'code;is_company;company;name;street;details;postcode;city;country;email;phone;siret;excise',
      'REPLAY1;oui;Cave 1;;4 rue Sainte-Catherine;;33000;Bordeaux;FR;;;;',
      'REPLAY2;oui;Cave 2;;4 rue Sainte-Catherine;;33000;;FR;;;;',
      'REPLAY3;oui;Cave 3;;4 rue Sainte-Catherine;;33000;Bordeaux;FR;;;;',
    ].join('\r\n');
    const fields = { type: 'recipient', warehouse: me.body.warehouses[0].id, segment: 'B2B' };
    const res = await upload(USER1, 'contact', csv, fields, 'en');
    const done = await finished(USER1, res.body.id);
    expect(done).toMatchObject({ created: 2, failed: 1 });
    expect(await total()).toBe(before + 2);

    // As if the attempt had died after writing the chunk, before its checkpoint: the job still running at row 0,
    // with a refused row left by that attempt for a row this one creates. The refused row first: once the job is
    // running, any delivery may resume it (a late copy of the upload's own notification too), and it must find the
    // row the dead attempt left.
    await ddb.send(
      new PutCommand({
        TableName: 'cellar',
        Item: {
          PK: `IMPORT#${done.id}`,
          SK: 'REFUSED#0000003',
          entity: 'importRefused',
          jobId: done.id,
          row: 3,
          cells: ['REPLAY3'],
          messages: ['Code : already used (by the dead attempt).'],
          ttl: Math.floor(Date.now() / 1000) + 3600,
        },
      }),
    );
    await asIfDiedAtRowZero(ddb, done.id);
    await sqs.send(
      new SendMessageCommand({
        QueueUrl: env.IMPORT_QUEUE_URL,
        MessageBody: JSON.stringify({
          Records: [{ s3: { bucket: { name: env.IMPORT_BUCKET }, object: { key: `incoming/${done.id}.csv` } } }],
        }),
      }),
    );
    const replayed = await finished(USER1, done.id);
    expect(replayed).toMatchObject({ status: 'done', total: 3, processed: 3, created: 2, failed: 1 });
    expect(replayed.errors.map((e) => e.row)).toEqual([2]);
    expect(await total()).toBe(before + 2);
    const report = await h.call('GET', `/api/imports/${done.id}/refused`, { token });
    const lines = report.text.split('\r\n').filter(Boolean);
    expect(lines).toHaveLength(3);
    expect(lines[1]).toMatch(/^# Row 2 : City: /);
    expect(lines[2]).toMatch(/^REPLAY2;/);
    for (const code of ['REPLAY1', 'REPLAY3']) {
      const found = await h.call('GET', `/api/contacts?filter[type]=recipient&filter[code]=${code}`, { token });
      expect(found.body.data, code).toHaveLength(1);
    }
  });
});
