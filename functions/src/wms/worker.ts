/**
 * The warehouse's reports (shared/wms/contract.ts, warehouse → Cellar): SQS (warehouse-events) → here, each
 * validated against the contract, then applied by its document's module, once and in its order (a report whose
 * `seq` is not news changes nothing). A report that is not the contract's, names a document Cellar does not have,
 * or cannot be applied (InvalidReportError) is logged and left to its queue: it is received again, then moved to
 * the dead-letter queue, whose alarm calls someone. Nothing is dropped.
 */
import { type WmsReport, wmsReport } from '@cellar/shared/wms/contract';
import type { SQSRecord } from 'aws-lambda';
import { logger } from '../observability/logger';
import { queueWorker } from '../platform/messaging/worker';

/** Applies one report: `applied`, `stale` (changed nothing), or `unknown` (no such document). */
export async function applyReport(r: WmsReport): Promise<'applied' | 'stale' | 'unknown'> {
  if (r.type === 'stock.adjusted') return (await import('./stock-adjustments')).applyStockAdjustment(r);
  if (r.type.startsWith('reception.')) {
    const { applyReceptionReport } = await import('../receptions/warehouse-reports');
    return applyReceptionReport(r as Parameters<typeof applyReceptionReport>[0]);
  }
  const { applyOrderReport } = await import('../orders/warehouse-reports');
  return applyOrderReport(r as Parameters<typeof applyOrderReport>[0]);
}

async function handle(record: SQSRecord): Promise<boolean> {
  let body: unknown;
  try {
    body = JSON.parse(record.body);
  } catch {
    logger.error('A warehouse report that is not JSON', { messageId: record.messageId });
    return false;
  }
  const parsed = wmsReport.safeParse(body);
  if (!parsed.success) {
    logger.error('A warehouse report outside the contract', {
      messageId: record.messageId,
      issues: parsed.error.issues.slice(0, 5).map((i) => `${i.path.join('.')}: ${i.message}`),
    });
    return false;
  }
  const r = parsed.data;
  try {
    const outcome = await applyReport(r);
    if (outcome === 'unknown') {
      logger.error('A warehouse report on a document Cellar does not have', { type: r.type, documentId: r.documentId });
      return false;
    }
    logger.info('Warehouse report', { type: r.type, documentId: r.documentId, seq: r.seq, outcome });
    return true;
  } catch (error) {
    logger.error('Warehouse report failed', { type: r.type, documentId: r.documentId, error: error as Error });
    return false;
  }
}

export const handler = queueWorker({ failure: 'Warehouse report failed', work: handle });
