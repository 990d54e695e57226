import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { SQSClient } from '@aws-sdk/client-sqs';
import { type CellarMessage, cellarMessage, WMS_CONTRACT_VERSION, wmsReport } from '@cellar/shared/wms/contract';
import type { SQSEvent } from 'aws-lambda';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { simulatedWarehouse } from './warehouse';

const STEP = 1_000;
let dir: string;

beforeEach(() => {
  vi.useFakeTimers();
  dir = mkdtempSync(join(tmpdir(), 'cellar-warehouse-'));
});
afterEach(() => {
  vi.useRealTimers();
  rmSync(dir, { recursive: true, force: true });
});

const transmitted = (documentId: string, seq = 1): CellarMessage =>
  cellarMessage.parse({
    type: 'order.transmitted',
    messageId: `order.transmitted:${documentId}:${seq}`,
    version: WMS_CONTRACT_VERSION,
    documentId,
    seq,
    at: new Date().toISOString(),
    ownerCode: 'CLI001',
    reference: 'CMD-1',
    recipientReference: '',
    segment: 'B2B',
    warehouseCode: 'BDX',
    deliveryDate: null,
    pickupDate: null,
    pickupManagedByProduct: 1,
    shippingLabelRequired: 0,
    carrierCode: 'GEODIS',
    serviceCode: null,
    recipient: null,
    deliveryComment: '',
    preparationComment: '',
    lines: [
      {
        lineId: 'l1',
        productCode: 'CHB001',
        label: 'Chablis',
        pcb: 6,
        quality: 'STD',
        batch: 'L1',
        ubd: null,
        bbd: null,
        warehouseCode: 'BDX',
        ordered: 12,
      },
    ],
  });

/** A simulated warehouse whose reports land in `sent` (their types). */
function warehouse(sent: string[], stateFile?: string) {
  const sqs = {
    send: async (c: { input: { MessageBody: string } }) => {
      sent.push(wmsReport.parse(JSON.parse(c.input.MessageBody)).type);
      return {};
    },
  } as unknown as SQSClient;
  const played = simulatedWarehouse({ sqs, eventsQueueUrl: 'q', stepMs: STEP, discrepancies: 0, stateFile });
  return Object.assign(
    (m: CellarMessage) => played.handler({ Records: [{ body: JSON.stringify(m) }] } as unknown as SQSEvent),
    { stop: played.stop },
  );
}

describe('Function: simulatedWarehouse', () => {
  it('reports nothing more once stopped: the steps it had planned are dropped with its runtime', async () => {
    const sent: string[] = [];
    const take = warehouse(sent);
    await take(transmitted('o1'));
    take.stop();
    await vi.advanceTimersByTimeAsync(10 * STEP);
    expect(sent).toEqual([]);
  });

  it('plays an order to shipped, one step apart, and ignores a repeat of what it was sent', async () => {
    const sent: string[] = [];
    const take = warehouse(sent);
    await take(transmitted('o1'));
    await take(transmitted('o1'));
    await vi.advanceTimersByTimeAsync(STEP);
    expect(sent).toEqual(['order.acknowledged']);
    await vi.advanceTimersByTimeAsync(3 * STEP);
    expect(sent).toEqual(['order.acknowledged', 'order.preparing', 'order.prepared', 'order.shipped']);
  });

  it('goes on after a restart with the steps left, those due meanwhile at once, none twice', async () => {
    // Prepare: two steps reported, then the runtime stops
    const before: string[] = [];
    const file = join(dir, 'warehouse.json');
    const first = warehouse(before, file);
    const sentAt = Date.now();
    await first(transmitted('o2'));
    await vi.advanceTimersByTimeAsync(2 * STEP);
    // The moment of the restart, on the clock.
    vi.clearAllTimers();
    // Act: restarted a step and a half later
    vi.setSystemTime(sentAt + 3.5 * STEP);
    const after: string[] = [];
    const again = warehouse(after, file);
    await vi.advanceTimersByTimeAsync(0);
    const atOnce = [...after];
    await vi.advanceTimersByTimeAsync(STEP);
    await again(transmitted('o2'));
    await vi.advanceTimersByTimeAsync(4 * STEP);
    // Assess
    expect(before).toEqual(['order.acknowledged', 'order.preparing']);
    expect(atOnce).toEqual(['order.prepared']);
    expect(after).toEqual(['order.prepared', 'order.shipped']);
  });

  it('goes on, without throwing, when the place it keeps its work in is gone (a stopped test runtime)', async () => {
    const sent: string[] = [];
    const gone = join(dir, 'gone');
    mkdirSync(gone);
    const take = warehouse(sent, join(gone, 'warehouse.json'));
    await take(transmitted('o4'));
    rmSync(gone, { recursive: true, force: true });
    await vi.advanceTimersByTimeAsync(4 * STEP);
    expect(sent).toEqual(['order.acknowledged', 'order.preparing', 'order.prepared', 'order.shipped']);
  });

  it('remembers nothing without a place to keep it', async () => {
    const before: string[] = [];
    await warehouse(before)(transmitted('o3'));
    await vi.advanceTimersByTimeAsync(STEP);
    vi.clearAllTimers();
    const after: string[] = [];
    warehouse(after);
    await vi.advanceTimersByTimeAsync(10 * STEP);
    expect(before).toEqual(['order.acknowledged']);
    expect(after).toEqual([]);
  });
});
