/**
 * A stop can fall between a warehouse report's transaction, which writes the e-mails it calls for, and their sending
 * (notifications/status-mail.ts). The runtime started again sends them at start, from its sweep, with links to the
 * runtime now serving; before, the sweep ran before the runtime knew its own address, and the start failed.
 */
import type { ChildProcess } from 'node:child_process';
import { rmSync } from 'node:fs';
import { afterAll, expect, it } from 'vitest';
import { transactWrite } from '../../functions/src/data/transact';
import { notificationPut } from '../../functions/src/notifications/status-mail';
import { type Runtime, startRuntime } from '../../infra/local/runtime';
import { DEMO_PASSWORD } from '../../infra/local/seed/accounts';
import { httpCall } from '../fixtures/http';
import { mailsTo } from '../fixtures/mailbox';
import { freePort, spawnRuntime, untilServing } from '../fixtures/runtime-process';
import { ADMIN1, seededCopy } from './harness';

const dataDir = seededCopy('cellar-restart-mail-');
let runtime: Runtime | undefined;

let child: ChildProcess | undefined;

afterAll(async () => {
  await runtime?.stop();
  child?.kill('SIGKILL');
  rmSync(dataDir, { recursive: true, force: true });
});

const options = { port: 0, dataDir, sweepEveryMs: 0, warehouse: { plays: 'none' as const } };

it('sends at start the e-mails a stop left unsent, linking to the runtime serving', { timeout: 180_000 }, async () => {
  runtime = await startRuntime(options);
  const call = httpCall(runtime.url);
  const signIn = await call<{ access_token: string }>('POST', '/api/auth/token', {
    body: { email: ADMIN1, password: DEMO_PASSWORD },
  });
  const token = signIn.body.access_token;
  const list = await call<{ data: { id: string }[] }>('GET', '/api/orders?paginate=1', { token });
  const [order] = list.body.data;
  if (!order) throw new Error('The demo has no order');
  const detail = await call<{ id: string; ownerId: string; reference: string }>('GET', `/api/orders/${order.id}`, {
    token,
  });
  // Arrange: what a shipped report's transaction wrote, the process stopped before sending it.
  await transactWrite([notificationPut('order', detail.body, 'order.shipped', 1, { trackingLinks: [] })]);
  await runtime.stop();
  runtime = undefined;
  // The address of the runtime stopped is no more: the one started again learns its own.
  delete process.env.APP_URL;

  // Act: started again as `npm start` is, in a process of its own
  const again = spawnRuntime(await freePort(), dataDir);
  child = again.child;
  await untilServing(again, 120_000);

  // Assess: the admin of the order's company, who chose e-mail, got it, linking to the order on this runtime.
  const mail = (await mailsTo(again.url, ADMIN1)).find(
    (a) => a.includes(detail.body.reference) && a.includes(`/order/detail/`),
  );
  expect(mail, 'no e-mail of the shipped order').toBeDefined();
  expect(mail).toContain(`${again.url}/order/detail/${detail.body.id}`);
});
