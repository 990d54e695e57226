/**
 * The body of the local DynamoDB's thread (thread.ts starts it, bundled): the server on a port of its own, told to
 * the runtime, and closed, its store with it, when the runtime says stop.
 */
import type { AddressInfo } from 'node:net';
import { parentPort, workerData } from 'node:worker_threads';
import { dynamoServer } from './transactions';

const port = parentPort;
if (!port) throw new Error('server-thread.ts runs in a worker thread (thread.ts starts it)');
const server = dynamoServer({ path: (workerData as { path: string }).path, createTableMs: 0 });
server.listen(0, '127.0.0.1', () => port.postMessage({ port: (server.address() as AddressInfo).port }));
port.on('message', (m) => {
  if (m === 'stop') server.close(() => process.exit(0));
});
