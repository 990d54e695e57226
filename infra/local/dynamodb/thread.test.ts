/**
 * The local DynamoDB's thread, started from its bundled module: it answers on its port, keeps what it was given
 * across a stop and a start on the same store, and each start reuses the module its sources name; the modules of
 * older sources are removed once a day old. A thread's end leaves LevelDB's native library loaded in the process.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DynamoDBClient, ListTablesCommand } from '@aws-sdk/client-dynamodb';
import { afterAll, describe, expect, it } from 'vitest';
import { CREDENTIALS, ensureTable, REGION } from '../emulators';
import { KEEP_OTHER_BUNDLES_MS, pruneBundles, sourcesKey, startDynamoThread, threadModule } from './thread';

const dir = mkdtempSync(join(tmpdir(), 'cellar-dynamo-thread-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const tables = async (port: number) => {
  const client = new DynamoDBClient({ endpoint: `http://127.0.0.1:${port}`, region: REGION, credentials: CREDENTIALS });
  return (await client.send(new ListTablesCommand({}))).TableNames;
};

describe('The local DynamoDB thread', () => {
  it('serves a store from its bundled module, and serves it again after a stop', async () => {
    // Prepare: a thread on an empty store, a table created in it
    const first = await startDynamoThread(join(dir, 'store'));
    await ensureTable(`http://127.0.0.1:${first.port}`, 'kept');
    expect(await tables(first.port)).toEqual(['kept']);
    // Act: stopped, then started again on the same store
    await first.stop();
    const second = await startDynamoThread(join(dir, 'store'));
    // Assert: the table is there; the module is the same file
    expect(await tables(second.port)).toEqual(['kept']);
    await second.stop();
    expect(await threadModule()).toMatch(
      new RegExp(`node_modules/\\.cache/cellar-local/dynamodb-thread-${sourcesKey()}\\.mjs$`),
    );
  }, 60_000);
});

describe('LevelDB’s native library', () => {
  it('stays loaded in the process once a thread that used it has ended', () => {
    // Prepare: a process of its own, that has loaded nothing of LevelDB (this worker's other files may have)
    const script = `
      import { mkdtempSync, readFileSync } from 'node:fs';
      import { tmpdir } from 'node:os';
      import { join } from 'node:path';
      const { startDynamoThread } = await import(${JSON.stringify(join(import.meta.dirname, 'thread.ts'))});
      const loaded = () => readFileSync('/proc/self/maps', 'utf8').includes('classic-level');
      // Act: a thread started on a store, then stopped
      const thread = await startDynamoThread(mkdtempSync(join(tmpdir(), 'cellar-dynamo-library-')));
      const during = loaded();
      await thread.stop();
      console.log(JSON.stringify({ during, after: loaded() }));`;
    writeFileSync(join(dir, 'library.mjs'), script);
    const out = execFileSync(process.execPath, ['--import', 'tsx', join(dir, 'library.mjs')], {
      encoding: 'utf8',
      env: { ...process.env, NODE_NO_WARNINGS: '1' },
    });
    // Assert: mapped while the thread ran, and still after it ended (its compaction thread runs that code)
    expect(JSON.parse(out.trim().split('\n').at(-1) as string)).toEqual({ during: true, after: true });
  }, 60_000);
});

describe('The bundles of older contents', () => {
  it('are removed once older than a day, the new one and the other files kept', () => {
    const cache = join(dir, 'cache');
    mkdirSync(cache);
    const now = Date.now();
    const write = (name: string, ageMs: number) => {
      writeFileSync(join(cache, name), '');
      const at = (now - ageMs) / 1000;
      utimesSync(join(cache, name), at, at);
    };
    write('dynamodb-thread-new.mjs', 2 * KEEP_OTHER_BUNDLES_MS);
    write('dynamodb-thread-old.mjs', 2 * KEEP_OTHER_BUNDLES_MS);
    write('dynamodb-thread-old.mjs.123.partial', 2 * KEEP_OTHER_BUNDLES_MS);
    write('dynamodb-thread-recent.mjs', KEEP_OTHER_BUNDLES_MS / 2);
    write('something-else.json', 2 * KEEP_OTHER_BUNDLES_MS);
    pruneBundles(cache, join(cache, 'dynamodb-thread-new.mjs'), now);
    expect(readdirSync(cache).sort()).toEqual([
      'dynamodb-thread-new.mjs',
      'dynamodb-thread-recent.mjs',
      'something-else.json',
    ]);
  });
});
