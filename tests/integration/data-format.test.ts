/**
 * The local runtime moves data one format behind as a deployed stage's migration does: a table without the LS15
 * index and stock lines not kept in their quality's partition (format 15) get both, the index added and backfilled
 * first as a deploy adds it, so that one quality's lines sorted by label are read in that order. The keys older
 * formats wrote are moved too (the move is the same): stock lines whose list-sort keys lack their product's code
 * (format 14), products and users without their in-order search entries (format 13). The data keeps what it held.
 */
import type { ChildProcess } from 'node:child_process';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { DescribeTableCommand, DynamoDBClient, UpdateTableCommand } from '@aws-sdk/client-dynamodb';
import { todayIn } from '@cellar/shared/common/dates';
import { STOCK_EVERY_OWNER_INDEX } from '@cellar/shared/stocks/routes';
import { ulid } from 'ulid';
import { afterAll, describe, expect, it } from 'vitest';
import { config } from '../../functions/src/config/config';
import { IN_ORDER_ENTRY } from '../../functions/src/data/list';
import { batchDelete, batchGet, type Item, type Key, putItem, queryAll } from '../../functions/src/data/table';
import { DATA_FORMAT } from '../../functions/src/data/table-definition';
import { productRecords, productSource } from '../../functions/src/products/repository';
import { EVERY_OWNER_STOCK } from '../../functions/src/stocks/repository';
import { userRecords, userSource } from '../../functions/src/users/repository';
import { prng } from '../../infra/local/prng';
import { startRuntime } from '../../infra/local/runtime';
import { DEMO_PASSWORD } from '../../infra/local/seed/accounts';
import { generateProduct } from '../../infra/local/seed/catalogue-data';
import { freePort, spawnRuntime, untilServing } from '../fixtures/runtime-process';
import { type Contract, openContract } from './contract';
import { ADMIN1, SUPER, seededCopy } from './harness';

const dataDir = seededCopy('cellar-format-');
let child: ChildProcess | undefined;
/** The published contract of each runtime started, which every exchange keeps to. */
const contracts = new Map<string, Contract>();
afterAll(() => {
  child?.kill('SIGKILL');
  rmSync(dataDir, { recursive: true, force: true });
  for (const contract of contracts.values()) contract.verify();
});

/** HTTP to the runtime at `url`, checked against its published contract. */
function httpCall(url: string) {
  let contract = contracts.get(url);
  if (!contract) {
    contract = openContract(url);
    contracts.set(url, contract);
  }
  return contract.call;
}

/**
 * What a client admin sees at `url`: its company, how many published updates (the data kept, or a fresh demo), and
 * the e-mails of its company's users sorted by e-mail, page by page.
 */
async function adminView(url: string) {
  const call = httpCall(url);
  const signedIn = await call<{ access_token: string }>('POST', '/api/auth/token', {
    body: { email: ADMIN1, password: DEMO_PASSWORD },
  });
  const token = signedIn.body.access_token;
  const me = await call<{ companyId: string }>('GET', '/api/auth/user', { token });
  const updates = await call<{ count: number }>('GET', '/api/last-updates', { token });
  const emails: string[] = [];
  for (let page = 1; page <= 3; page++) {
    const list = await call<{ data: { email: string }[] }>('GET', `/api/users?paginate=1&page=${page}&sort=email`, {
      token,
    });
    emails.push(...list.body.data.map((u) => u.email));
  }
  // A word common enough that its own entries are not read whole: its pages come from the in-order entries.
  const chateaux: string[][] = [];
  for (let page = 1; page <= 2; page++) {
    const list = await call<{ data: { id: string }[] }>(
      'GET',
      `/api/products?filter[search]=chateau&paginate=20&page=${page}`,
      { token },
    );
    chateaux.push(list.body.data.map((p) => p.id));
  }
  // One quality's stock lines, in the list's order (its product codes).
  const [line] = (await call<{ data: { quality: string }[] }>('GET', '/api/stocks?paginate=1', { token })).body.data;
  const quality = await call<{ data: { product: { code: string } }[] }>(
    'GET',
    `/api/stocks?filter[quality]=${line?.quality}&paginate=20`,
    { token },
  );
  const codes = quality.body.data.map((s) => s.product.code);
  // The same quality sorted by label: its own partition, in label order (LS15).
  const byLabel = await call<{ data: { id: string; product: { label: string } }[] }>(
    'GET',
    `/api/stocks?filter[quality]=${line?.quality}&sort=product.label&paginate=20`,
    { token },
  );
  const labels = byLabel.body.data.map((s) => [s.id, s.product.label]);
  return { companyId: me.body.companyId, updates: updates.body.count, emails, chateaux, codes, labels };
}

/** The stock lines' list-sort keys as format 14 wrote them: their value, then the id (no product code between). */
async function toFormat14() {
  for await (const item of queryAll({ index: STOCK_EVERY_OWNER_INDEX, pk: EVERY_OWNER_STOCK })) {
    const old = Object.fromEntries(
      Object.entries(item).map(([name, value]) =>
        /^LS([1-9]|1[0-3])SK$/.test(name) ? [name, String(value).split('#').toSpliced(-2, 1).join('#')] : [name, value],
      ),
    );
    await putItem(old as Parameters<typeof putItem>[0]);
  }
}

/**
 * The table as format 15 had it: no LS15 index (deleted through the local DynamoDB, as the table was before the
 * deploy that adds it), and no stock line keyed in it. Answers how many lines were.
 */
async function withoutQualityIndex(): Promise<number> {
  const client = new DynamoDBClient({});
  const TableName = config.tableName;
  await client.send(
    new UpdateTableCommand({ TableName, GlobalSecondaryIndexUpdates: [{ Delete: { IndexName: 'LS15' } }] }),
  );
  for (;;) {
    const table = (await client.send(new DescribeTableCommand({ TableName }))).Table;
    if (table?.TableStatus === 'ACTIVE' && !table.GlobalSecondaryIndexes?.some((i) => i.IndexName === 'LS15')) break;
    await new Promise((done) => setTimeout(done, 50));
  }
  let keyed = 0;
  for await (const item of queryAll({ index: STOCK_EVERY_OWNER_INDEX, pk: EVERY_OWNER_STOCK })) {
    if (item.LS15PK === undefined) continue;
    keyed++;
    const { LS15PK: _pk, LS15SK: _sk, ...old } = item;
    await putItem(old as Parameters<typeof putItem>[0]);
  }
  return keyed;
}

/** More of the company's châteaux than a search's probe reads whole. */
async function moreProducts(url: string) {
  const call = httpCall(url);
  const signedIn = await call<{ access_token: string }>('POST', '/api/auth/token', {
    body: { email: ADMIN1, password: DEMO_PASSWORD },
  });
  const list = await call<{ data: { ownerId: string; warehouseId: string }[] }>('GET', '/api/products?paginate=1', {
    token: signedIn.body.access_token,
  });
  const [one] = list.body.data;
  if (!one) throw new Error('The demo company holds no product');
  const rng = prng(14);
  const made = Array.from({ length: 300 }, (_, i) => ({
    ...generateProduct(rng, one.ownerId, [one.warehouseId], 7001 + i, ulid()),
    label: `Château Essai ${i} 75 cl`,
  }));
  await productRecords.insertMany(made);
}

/** The in-order search entries the demo's products and users have in format 14, by key. */
async function inOrderKeys(): Promise<Key[]> {
  const entries: (Item & Key)[] = [];
  for await (const item of queryAll(productSource('all')))
    entries.push(...productRecords.searchItems(productRecords.parse(item)));
  for await (const item of queryAll(userSource('all')))
    entries.push(...userRecords.searchItems(userRecords.parse(item)));
  return entries.filter((e) => e.entity === IN_ORDER_ENTRY).map(({ PK, SK }) => ({ PK, SK }));
}

/** How many of these keys hold an item. */
const present = async (keyList: Key[]) => (await batchGet(keyList)).length;

describe('data one format behind', () => {
  it('has its list keys and in-order search entries written on start, and keeps what it held', async () => {
    // Prepare: the demo as seeded, without the entries format 13 did not keep
    const first = await startRuntime({ port: 0, dataDir, seed: true, log: () => {} });
    const call = httpCall(first.url);
    const superadmin = await call<{ access_token: string }>('POST', '/api/auth/token', {
      body: { email: SUPER, password: DEMO_PASSWORD },
    });
    // Something the older data holds that a fresh demo would not: an update published before the move.
    await call('POST', '/api/app-update', {
      token: superadmin.body.access_token,
      body: { date: todayIn(), title: 'Format', description: 'Published before the move.' },
    });
    await moreProducts(first.url);
    const seeded = await adminView(first.url);
    const entries = await inOrderKeys();
    const written = await present(entries);
    await batchDelete(entries);
    await toFormat14();
    const skewed = { entries: await present(entries), view: await adminView(first.url) };
    const keyedInQuality = await withoutQualityIndex();
    await first.stop();
    writeFileSync(join(dataDir, 'data-format'), String(DATA_FORMAT - 1));
    // Act: started as `npm start` is, in a process of its own
    const again = spawnRuntime(await freePort(), dataDir);
    child = again.child;
    await untilServing(again, 240_000);
    const moved = await adminView(again.url);
    // Assess: the châteaux' pages read in order again, the data kept (the update, the users in order)
    expect(entries.length).toBeGreaterThan(1000);
    expect([written, skewed.entries]).toEqual([entries.length, 0]);
    expect(seeded.chateaux.map((page) => page.length)).toEqual([20, 20]);
    expect(skewed.view.chateaux).not.toEqual(seeded.chateaux);
    expect(seeded.codes.length).toBeGreaterThan(2);
    expect(seeded.codes).toEqual([...seeded.codes].sort());
    expect(skewed.view.codes).not.toEqual(seeded.codes);
    expect(keyedInQuality).toBeGreaterThan(50);
    expect(seeded.labels.length).toBe(20);
    const labels = seeded.labels.map(([, label]) => (label as string).toLowerCase());
    expect(labels).toEqual([...labels].sort());
    expect(seeded.emails.length).toBe(3);
    expect(seeded.emails).toEqual([...seeded.emails].sort());
    expect(moved).toEqual(seeded);
    expect(readFileSync(join(dataDir, 'data-format'), 'utf8')).toBe(String(DATA_FORMAT));
  }, 300_000);
});
