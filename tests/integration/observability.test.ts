/**
 * What an on-call engineer follows: one request's correlation id in its answer, in its own log lines, in the queue
 * message it sends and in the worker's log lines; and the business metrics as CloudWatch reads them (embedded metric
 * format lines). Through the local runtime, with the real SDK against the emulators.
 */
import type { ExportJob } from '@cellar/shared/exports/schemas';
import type { ImportJob } from '@cellar/shared/imports/schemas';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';

// The logs read here are at INFO, whatever the test command's level: set before the logger is created (the
// harness's modules create it), since Powertools goes back to its first level at each invocation.
const logLevel = vi.hoisted(() => {
  const before = process.env.POWERTOOLS_LOG_LEVEL;
  process.env.POWERTOOLS_LOG_LEVEL = 'INFO';
  return before;
});

import { ADMIN1, eventually, type Harness, importFile, startHarness, USER1 } from './harness';

let h: Harness;
let logger: typeof import('@cellar/functions/observability/logger').logger;
/** Every JSON line the functions printed (logs and metrics), parsed. */
const lines: Record<string, unknown>[] = [];
const metricsSetting = process.env.POWERTOOLS_METRICS_DISABLED;

beforeAll(async () => {
  h = await startHarness();
  ({ logger } = await import('@cellar/functions/observability/logger'));
  process.env.POWERTOOLS_METRICS_DISABLED = 'false';
  // Each log line goes through the console the logger took when it was created (the global one in the runtime's
  // development mode, its own on stdout otherwise); each metric line through the global console (a metric is
  // written by a Metrics made for it, in development mode here). Both are read where they are written.
  const collect = (text: string) => {
    for (const chunk of text.split(/\n(?=\{)/)) {
      if (!chunk.startsWith('{')) continue;
      try {
        lines.push(JSON.parse(chunk) as Record<string, unknown>);
      } catch {
        // Not a structured line.
      }
    }
  };
  const read = (target: Console, methods: readonly ('log' | 'info' | 'warn' | 'error' | 'debug')[]) => {
    for (const method of methods)
      vi.spyOn(target, method).mockImplementation((...args: unknown[]) => {
        for (const arg of args) if (typeof arg === 'string') collect(arg);
      });
  };
  const loggerConsole = (logger as unknown as { console: Console }).console;
  read(loggerConsole, ['info', 'warn', 'error', 'debug']);
  read(console, ['log']);
});
afterAll(async () => {
  vi.restoreAllMocks();
  if (logLevel === undefined) delete process.env.POWERTOOLS_LOG_LEVEL;
  else process.env.POWERTOOLS_LOG_LEVEL = logLevel;
  if (metricsSetting === undefined) delete process.env.POWERTOOLS_METRICS_DISABLED;
  else process.env.POWERTOOLS_METRICS_DISABLED = metricsSetting;
  await h?.stop();
});

/** The metric lines of one metric name, as CloudWatch reads them. */
const metricLines = (name: string) =>
  lines.filter((l) => {
    const aws = l._aws as { CloudWatchMetrics?: { Metrics: { Name: string }[] }[] } | undefined;
    return aws?.CloudWatchMetrics?.some((m) => m.Metrics.some((x) => x.Name === name));
  });

describe('Correlation', () => {
  it('follows an import from its upload request into the worker that runs it', async () => {
    const token = await h.login(ADMIN1);
    const csv =
      'lastname;firstname;email;role;warehouses;modules\r\nTraced;Ana;ana.traced@cli001.test;user;BDX;order\r\n';
    const res = await importFile(h, token, 'user', csv);
    expect(res.status).toBe(201);
    const id = res.headers.get('x-correlation-id');
    expect(id).toMatch(/^[0-9a-f-]{36}$/);

    const job = await eventually(async () => {
      const got = await h.call<ImportJob>('GET', `/api/imports/${res.body.id}`, { token });
      return got.body.status === 'done' ? got.body : undefined;
    });
    expect(job.created).toBe(1);
    // The request's own access line, and the worker's, carry the same id; the status poll has its own.
    const upload = lines.find((l) => l.message === 'request' && l.resource === '/api/csv/{template}');
    expect(upload?.correlation_id).toBe(id);
    const finished = await eventually(async () =>
      lines.find((l) => l.message === 'Import finished' && l.id === res.body.id),
    );
    expect(finished.correlation_id).toBe(id);
    const polls = lines.filter((l) => l.message === 'request' && l.resource === '/api/imports/{id}');
    expect(polls.length).toBeGreaterThan(0);
    expect(polls.every((l) => l.correlation_id !== id)).toBe(true);
  });

  it('carries an export request id through its SQS message into the export worker', async () => {
    const token = await h.login(USER1);
    const res = await h.call<ExportJob>('POST', '/api/exports', {
      token,
      body: { path: '/api/contacts', query: 'filter[type]=recipient' },
    });
    expect(res.status).toBe(202);
    const id = res.headers.get('x-correlation-id');
    expect(id).toBeTruthy();
    const done = await eventually(async () => lines.find((l) => l.message === 'Export done' && l.id === res.body.id));
    expect(done.correlation_id).toBe(id);
  });

  it('names the id on error answers too', async () => {
    const res = await h.call('GET', '/api/contacts/nope', { token: await h.login(USER1) });
    expect(res.status).toBe(404);
    expect(res.headers.get('x-correlation-id')).toBeTruthy();
  });
});

describe('Business metrics', () => {
  it('counts a refused sign-in and an import’s rows, in the Cellar namespace with the service and env dimensions', async () => {
    const before = metricLines('SignInFailures').length;
    const wrong = await h.call('POST', '/api/auth/token', { body: { email: USER1, password: 'not-the-password-1A!' } });
    expect(wrong.status).toBe(401);
    const failures = metricLines('SignInFailures');
    expect(failures.length).toBe(before + 1);
    const line = failures.at(-1) as Record<string, unknown> & { _aws: { CloudWatchMetrics: unknown[] } };
    expect(line).toMatchObject({ SignInFailures: 1, service: 'cellar', env: 'local' });
    expect(line._aws.CloudWatchMetrics).toEqual([
      { Namespace: 'Cellar', Dimensions: [['service', 'env']], Metrics: [{ Name: 'SignInFailures', Unit: 'Count' }] },
    ]);
    // The import of the first test wrote one row and refused none.
    expect(metricLines('ImportRowsWritten').map((l) => l.ImportRowsWritten)).toContain(1);
    expect(metricLines('ImportRowsRefused').map((l) => l.ImportRowsRefused)).toContain(0);
    expect(metricLines('ExportDuration').length).toBeGreaterThan(0);
  });
});
