/**
 * Point reads on the calling thread, answered as before (level-calls.ts), on dynalite's own store on disk: what was
 * written, on a later turn; nothing for a key never written; a closed database refused as dynalite refuses it.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { db as dynaliteDb, type Store } from './internals';
import { readSynchronously } from './level-calls';

type Cb = (err: Error | null, value?: unknown) => void;
interface Calls {
  get(key: string, cb: Cb): void;
  put(key: string, value: unknown, cb: Cb): void;
  close(): Promise<void>;
}

let dir: string;
let store: Store;
let level: Calls;

beforeEach(async () => {
  dir = mkdtempSync(join(tmpdir(), 'level-calls-'));
  store = dynaliteDb.create({ path: dir });
  level = store.db as unknown as Calls;
  await new Promise<void>((done, fail) => level.put('warm', 1, (err) => (err ? fail(err) : done())));
});
afterEach(async () => {
  await level.close().catch(() => undefined);
  rmSync(dir, { recursive: true, force: true });
});

const read = (key: string) =>
  new Promise<unknown>((done, fail) => level.get(key, (err, value) => (err ? fail(err) : done(value))));
const write = (key: string, value: unknown) =>
  new Promise<void>((done, fail) => level.put(key, value, (err) => (err ? fail(err) : done())));

describe('reads on the calling thread', () => {
  it('answers what was written, and nothing for a key never written, always on a later turn', async () => {
    // Prepare
    readSynchronously(store);
    await write('a', { S: 'one' });
    // Act
    let answered = false;
    const a = new Promise((done) =>
      level.get('a', (_err, value) => {
        answered = true;
        done(value);
      }),
    );
    const synchronously = answered;
    // Assess
    expect(synchronously).toBe(false);
    expect(await a).toEqual({ S: 'one' });
    expect(await read('never')).toBeUndefined();
  });

  it('refuses a closed database as dynalite does', async () => {
    readSynchronously(store);
    await level.close();
    await expect(read('a')).rejects.toThrow('Database is closed');
  });
});
