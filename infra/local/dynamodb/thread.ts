/**
 * The local DynamoDB in a thread of its own: the functions' JavaScript and the emulator's then run on two cores, as
 * the service and its callers do, and a transaction is not held open while the functions' work fills the event
 * loop (which, under many concurrent requests, turned most transactions into conflicts). `startDynamoThread`
 * answers the port it listens on and a stop that closes its store.
 */
import type { AddressInfo } from 'node:net';
import { isMainThread, parentPort, Worker, workerData } from 'node:worker_threads';

interface Started {
  port: number;
  stop(): Promise<void>;
}

export async function startDynamoThread(path: string): Promise<Started> {
  const worker = new Worker(new URL('./thread-entry.mjs', import.meta.url), { workerData: { path } });
  const port = await new Promise<number>((resolve, reject) => {
    worker.once('message', (m: { port: number }) => resolve(m.port));
    worker.once('error', reject);
  });
  return {
    port,
    stop: async () => {
      const closed = new Promise<void>((resolve) => worker.once('exit', () => resolve()));
      worker.postMessage('stop');
      await closed;
    },
  };
}

if (!isMainThread && parentPort && (workerData as { path?: string })?.path) {
  const port = parentPort;
  const { dynamoServer } = await import('./transactions');
  const server = dynamoServer({ path: (workerData as { path: string }).path, createTableMs: 0 });
  server.listen(0, '127.0.0.1', () => port.postMessage({ port: (server.address() as AddressInfo).port }));
  port.on('message', (m) => {
    if (m === 'stop') server.close(() => process.exit(0));
  });
}
