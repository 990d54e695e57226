import { importContext } from '@cellar/shared/imports/templates';
import { describe, expect, it } from 'vitest';
import { CheckerClient, type WorkerLike } from './checker-client';
import { type CheckReply, type CheckRequest, importChecker } from './import-check';

const ctx = importContext({
  template: 'user',
  importer: { role: 10, scope: ['*'] },
  ownerId: 'c1',
  warehouses: [{ id: 'w1', code: 'BDX' }],
});

/** The worker's module in the same thread: messages go through the checker as they would through postMessage. */
function inThread(): WorkerLike & { terminated: boolean } {
  const worker: WorkerLike & { terminated: boolean } = {
    onmessage: null,
    onerror: null,
    terminated: false,
    postMessage: (request: CheckRequest) => void handle(request),
    terminate: () => {
      worker.terminated = true;
    },
  };
  const handle = importChecker((reply: CheckReply) => {
    if (!worker.terminated) setTimeout(() => worker.onmessage?.({ data: reply } as MessageEvent<CheckReply>));
  });
  return worker;
}

const file = (rows: string[]) =>
  new File([['lastname;firstname;email;role;warehouses;modules', ...rows].join('\r\n')], 'users.csv');

describe('the page side of the import checker', () => {
  it('numbers its requests, gives each its own answer, and the progress of a load aside', async () => {
    const progress: string[] = [];
    const client = new CheckerClient(inThread(), (p) => progress.push(`${p.phase} ${p.done}/${p.total}`));
    const loaded = await client.request({ type: 'load', file: file(['A;B;a@b.fr;user;BDX;']), ctx });
    expect(loaded).toMatchObject({ seq: 1, type: 'loaded', counts: { total: 1, invalid: 0 } });
    expect(progress).toEqual(['reading 0/0', 'checking 1/1']);
    expect(client.nextSeq).toBe(2);
    const [edit, sent] = await Promise.all([
      client.request({ type: 'edit', id: 1, column: 'role', value: 'nope' }),
      client.request({ type: 'file' }),
    ]);
    expect(edit).toMatchObject({ seq: 2, type: 'changed', counts: { invalid: 1 } });
    expect(sent.type === 'file' && (await sent.file.text())).toContain('A;B;a@b.fr;nope;BDX;');
  });

  it('stops the worker when ended, and what was asked fails', async () => {
    const worker = inThread();
    const client = new CheckerClient(worker, () => undefined);
    const pending = client.request({ type: 'load', file: file(['A;B;a@b.fr;user;BDX;']), ctx });
    client.end();
    await expect(pending).rejects.toThrow('import checker ended');
    expect(worker.terminated).toBe(true);
  });
});
