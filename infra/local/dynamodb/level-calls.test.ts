/**
 * Fewer LevelDB calls, answered as before (level-calls.ts), on dynalite's own store on disk: reads answered on a
 * later turn with what was written, the writes of one turn in one batch in the order asked, each callback once its
 * write is done, a failed batch failing each of its writes, a close writing what was asked before it, and a closed
 * database refused as dynalite refuses it.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { db as dynaliteDb, type Store } from './internals';
import { combineWrites, readSynchronously } from './level-calls';

type Cb = (err: Error | null, value?: unknown) => void;
interface Calls {
  get(key: string, cb: Cb): void;
  put(key: string, value: unknown, cb: Cb): void;
  del(key: string, cb: Cb): void;
  batch(ops: unknown[], cb: (err?: Error | null) => void): void;
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
const remove = (key: string) => new Promise<void>((done, fail) => level.del(key, (err) => (err ? fail(err) : done())));

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

describe('writes of one turn in one batch', () => {
  it('sends the puts and deletes asked in one turn as one batch, in their order, each answered once it is done', async () => {
    // Prepare
    const batch = vi.spyOn(level, 'batch');
    combineWrites(store);
    readSynchronously(store);
    await write('gone', 1);
    batch.mockClear();
    // Act: one turn asks four writes, the same key twice (the last one holds)
    const done = [write('x', 1), write('y', 2), remove('gone'), write('x', 3)];
    const calledBeforeTheTurnEnds = batch.mock.calls.length;
    await Promise.all(done);
    // Assess
    expect(calledBeforeTheTurnEnds).toBe(0);
    expect(batch).toHaveBeenCalledTimes(1);
    expect(batch.mock.calls[0]?.[0]).toEqual([
      { type: 'put', key: 'x', value: 1 },
      { type: 'put', key: 'y', value: 2 },
      { type: 'del', key: 'gone' },
      { type: 'put', key: 'x', value: 3 },
    ]);
    expect([await read('x'), await read('y'), await read('gone')]).toEqual([3, 2, undefined]);
  });

  it('writes asked on separate turns go in separate batches, and a failed batch fails each of its writes', async () => {
    // Prepare
    const batch = vi.spyOn(level, 'batch');
    combineWrites(store);
    // Act: two writes on two turns; then two in one turn beside a write LevelDB refuses (no key)
    await write('a', 1);
    await write('b', 2);
    const separate = batch.mock.calls.length;
    const outcomes = [write('c', 3), remove('a'), write(undefined as unknown as string, 4)].map((p) =>
      p.then(
        () => 'written',
        () => 'failed',
      ),
    );
    // Assess
    expect(separate).toBe(2);
    expect(await Promise.all(outcomes)).toEqual(['failed', 'failed', 'failed']);
    expect([await read('a'), await read('c')]).toEqual([1, undefined]);
  });

  it('writes what was asked before a close, however soon the close follows', async () => {
    // Prepare
    combineWrites(store);
    // Act: a write asked, then the close in the same turn; the directory opened again
    const before = write('kept', 'yes').then(
      () => 'written',
      (e: Error) => e.message,
    );
    await level.close();
    const again = dynaliteDb.create({ path: dir });
    const kept = await new Promise<unknown>((done, fail) =>
      (again.db as unknown as Calls).get('kept', (err, value) => (err ? fail(err) : done(value))),
    );
    await (again.db as unknown as Calls).close();
    // Assess
    expect([await before, kept]).toEqual(['written', 'yes']);
  });
});
