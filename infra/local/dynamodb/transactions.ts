/**
 * The local DynamoDB: dynalite, plus the two operations it lacks, TransactWriteItems and TransactGetItems, answered
 * as DynamoDB answers them (README.md beside this file says what is supported and how it differs from AWS). The
 * server is dynalite's own http.Server (its close() still closes the store); its request listener is wrapped:
 * the two transaction operations are answered here, on dynalite's store, and every other request goes to dynalite
 * as it came, except a PutItem, UpdateItem or DeleteItem on an item of a transaction in flight, refused first with
 * TransactionConflictException (in 'reject' mode).
 *
 * The store is dynalite's: `dynalite()` calls `create` through the module object of dynalite/db, so wrapping that
 * function for the duration of the call hands over the very store its operations use (tables, item databases, item
 * locks, the LevelDB).
 */
import { randomBytes } from 'node:crypto';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { PassThrough } from 'node:stream';
import { crc32 } from 'node:zlib';
import { ClientTokens, TOKEN_TTL_MS } from './client-tokens';
import { changeIndexes, changesIndexes } from './index-create';
import {
  type DynaliteOptions,
  db,
  dynalite,
  type Item,
  isServiceError,
  type Store,
  type TableDescription,
} from './internals';
import { type ConflictMode, ItemLocks, type Target } from './item-locks';
import { dynamoError } from './requests';
import { cacheTableDescriptions } from './table-cache';
import { transactGetItems } from './transact-get';
import { type TransactionContext, transactWriteItems } from './transact-write';

export interface DynamoOptions extends DynaliteOptions {
  /**
   * How a transaction meets another write in flight on its items: 'reject' answers as DynamoDB does
   * (TransactionCanceledException with `TransactionConflict`, or TransactionConflictException for a single-item
   * write); 'wait' queues it behind the other (default 'reject').
   */
  conflicts?: ConflictMode;
  /** The clock of the ClientRequestToken window (milliseconds; Date.now by default). */
  clock?: () => number;
  /** How long a ClientRequestToken is remembered after its request (DynamoDB: 10 minutes). */
  tokenTtlMs?: number;
  /** How many ClientRequestTokens are remembered at most, the oldest forgotten first. */
  maxTokens?: number;
  /** Called with a transaction's items once they are locked, before they are read: tests hold a transaction here. */
  onLocked?: TransactionContext['onLocked'];
  /** Awaited before a new index's backfill reads the table's items: tests hold a backfill here. */
  beforeBackfill?: () => Promise<void> | undefined;
}

/** The most bytes of a request, as dynalite takes them (a longer one is answered 413). */
const MAX_REQUEST_BYTES = 16 * 1024 * 1024;
const SINGLE_WRITES = new Set(['PutItem', 'UpdateItem', 'DeleteItem']);

type Listener = (req: IncomingMessage, res: ServerResponse) => void;

/** dynalite's server, answering TransactWriteItems and TransactGetItems as DynamoDB does. Not yet listening. */
export function dynamoServer(options: DynamoOptions = {}): Server {
  const {
    conflicts = 'reject',
    clock = Date.now,
    tokenTtlMs = TOKEN_TTL_MS,
    maxTokens,
    onLocked,
    beforeBackfill,
    ...rest
  } = options;
  let store: Store | undefined;
  const create = db.create;
  db.create = (o) => {
    store = create(o);
    return store;
  };
  let server: Server;
  try {
    server = dynalite({ ...rest });
  } finally {
    db.create = create;
  }
  if (!store) throw new Error('dynalite did not create its store through dynalite/db: its internals have changed');
  cacheTableDescriptions(store);
  const ctx: TransactionContext = {
    store,
    locks: new ItemLocks(store, conflicts),
    tokens: new ClientTokens(clock, tokenTtlMs, maxTokens),
    onLocked,
  };
  const [original] = server.listeners('request') as Listener[];
  if (!original) throw new Error('dynalite created its server without a request listener');
  server.removeAllListeners('request');
  server.on('request', (req: IncomingMessage, res: ServerResponse) => {
    const [api, operation = ''] = String(req.headers['x-amz-target'] ?? '').split('.');
    const transaction = operation === 'TransactWriteItems' || operation === 'TransactGetItems';
    if (req.method === 'POST' && api === 'DynamoDB_20120810' && transaction) {
      answer(req, res, (body) =>
        (operation === 'TransactWriteItems' ? transactWriteItems : transactGetItems)(ctx, body),
      );
    } else if (req.method === 'POST' && api === 'DynamoDB_20120810' && operation === 'UpdateTable') {
      updateTable(ctx, req, res, original, beforeBackfill);
    } else if (req.method === 'POST' && SINGLE_WRITES.has(operation) && ctx.locks.checkSingleWrites) {
      guardSingleWrite(ctx, req, res, original, operation);
    } else {
      original(req, res);
    }
  });
  return server;
}

/** The server listening on 127.0.0.1 (port 0: any free one), and its endpoint for the SDK. */
export async function startDynamo(options: DynamoOptions & { port?: number } = {}) {
  const { port = 0, ...rest } = options;
  const server = dynamoServer(rest);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });
  const endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    server,
    endpoint,
    close: () => new Promise<void>((resolve, reject) => server.close((err) => (err ? reject(err) : resolve()))),
  };
}

function readBody(req: IncomingMessage, res: ServerResponse): Promise<Buffer | undefined> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let length = 0;
    req.on('data', (chunk: Buffer) => {
      length += chunk.length;
      if (length > MAX_REQUEST_BYTES) {
        req.removeAllListeners();
        res.statusCode = 413;
        res.end();
        resolve(undefined);
      } else {
        chunks.push(chunk);
      }
    });
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', reject);
  });
}

function send(req: IncomingMessage, res: ServerResponse, data: unknown, status = 200) {
  const body = JSON.stringify(data);
  const type = String(req.headers['content-type'] ?? '')
    .split(';')[0]
    ?.trim();
  res.statusCode = status;
  res.setHeader('x-amzn-RequestId', randomBytes(39).toString('base64').toUpperCase().replace(/\+|\//g, '0'));
  res.setHeader('x-amz-crc32', crc32(body));
  res.setHeader('Content-Type', type === 'application/x-amz-json-1.0' ? type : 'application/json');
  res.setHeader('Content-Length', Buffer.byteLength(body));
  res.end(body);
}

/**
 * An UpdateTable creating or deleting an index is answered here (index-create.ts: dynalite ignores both); any other
 * goes to dynalite as it came.
 */
function updateTable(
  ctx: TransactionContext,
  req: IncomingMessage,
  res: ServerResponse,
  original: Listener,
  beforeBackfill?: DynamoOptions['beforeBackfill'],
) {
  readBody(req, res).then(
    (raw) => {
      if (raw === undefined) return;
      let body: unknown;
      try {
        body = JSON.parse(raw.toString());
      } catch {
        body = undefined;
      }
      if (changesIndexes(body)) answer(req, res, (b) => changeIndexes(ctx.store, b, beforeBackfill), raw);
      else original(replayed(req, raw), res);
    },
    () => res.destroy(),
  );
}

/** An operation answered here: the body read and parsed as dynalite does, then the operation's answer or error. */
async function answer(
  req: IncomingMessage,
  res: ServerResponse,
  operation: (body: Record<string, unknown>) => Promise<Record<string, unknown>>,
  read?: Buffer,
) {
  try {
    const raw = read ?? (await readBody(req, res));
    if (raw === undefined) return;
    if (req.headers.origin) res.setHeader('Access-Control-Allow-Origin', '*');
    const type = String(req.headers['content-type'] ?? '')
      .split(';')[0]
      ?.trim();
    if (raw.length && type !== 'application/json' && type !== 'application/x-amz-json-1.0') {
      // dynalite's answer to a body it does not read as JSON.
      res.statusCode = 404;
      return res.end('<UnknownOperationException/>\n');
    }
    // In dynalite's order: the JSON, then the signature's presence (not its validity), then the body's content.
    let body: unknown;
    try {
      body = raw.length ? JSON.parse(raw.toString()) : undefined;
    } catch {
      return send(req, res, { __type: 'com.amazon.coral.service#SerializationException' }, 400);
    }
    if (!req.headers.authorization && !String(req.url).includes('X-Amz-Algorithm')) {
      return send(
        req,
        res,
        serviceType('MissingAuthenticationTokenException', 'Request is missing Authentication Token'),
        400,
      );
    }
    if (!body || typeof body !== 'object' || Array.isArray(body)) {
      return send(req, res, { __type: 'com.amazon.coral.service#SerializationException' }, 400);
    }
    send(req, res, await operation(body as Record<string, unknown>));
  } catch (e) {
    if (isServiceError(e)) return send(req, res, e.body, e.statusCode);
    send(req, res, { __type: 'com.amazonaws.dynamodb.v20120810#InternalServerError', message: String(e) }, 500);
  }
}

const serviceType = (type: string, message: string) => ({ __type: `com.amazon.coral.service#${type}`, message });

/**
 * A PutItem, UpdateItem or DeleteItem while a transaction writes: refused with TransactionConflictException when it
 * names an item of that transaction. Anything this check cannot read goes to dynalite, which answers it as usual.
 * A write let through here may still meet a transaction that starts after this check: it then waits for the
 * transaction's end behind the item's lock, as a write that came after the transaction.
 */
function guardSingleWrite(
  ctx: TransactionContext,
  req: IncomingMessage,
  res: ServerResponse,
  original: Listener,
  op: string,
) {
  readBody(req, res).then(
    (raw) => {
      if (raw === undefined) return;
      const forward = () => original(replayed(req, raw), res);
      let request: { TableName?: unknown; Item?: unknown; Key?: unknown };
      try {
        request = JSON.parse(raw.toString());
      } catch {
        return forward();
      }
      const named = (op === 'PutItem' ? request?.Item : request?.Key) as Item | undefined;
      if (typeof request?.TableName !== 'string' || !named || typeof named !== 'object') return forward();
      ctx.store.getTable(request.TableName, false, (err, table) => {
        const target = !err && table ? targetOf(table, named, op) : undefined;
        if (target && ctx.locks.writtenByTransaction(target)) {
          const conflict = dynamoError('TransactionConflictException', 'Transaction is ongoing for the item');
          return send(req, res, conflict.body, conflict.statusCode);
        }
        forward();
      });
    },
    () => res.destroy(),
  );
}

function targetOf(table: TableDescription, named: Item, op: string): Target | undefined {
  try {
    const invalid = op === 'PutItem' ? db.validateItem(named, table) : db.validateKey(named, table);
    return invalid ? undefined : { table: table.TableName, key: db.createKey(named, table) };
  } catch {
    return undefined;
  }
}

/** The request again, its body already read, for dynalite's listener to read as it reads any request. */
function replayed(req: IncomingMessage, body: Buffer): IncomingMessage {
  const copy = Object.assign(new PassThrough(), {
    headers: req.headers,
    method: req.method,
    url: req.url,
    socket: req.socket,
  });
  setImmediate(() => copy.end(body));
  return copy as unknown as IncomingMessage;
}
