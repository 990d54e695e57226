/**
 * The warehouse's reports as the tests send them (shared/wms/contract.ts): each built valid by the contract, with
 * the next seq of its document unless a test names one (to deliver it twice, late or out of order).
 */
import { WMS_CONTRACT_VERSION, type WmsReport, type WmsReportType, wmsReport } from '../../shared/src/wms/contract';

let seq = 0;

/** A report of `type` on a document; `fields` are the type's own (and `seq` to choose it). */
export function wmsReportOf<T extends WmsReportType>(
  type: T,
  documentId: string,
  fields: Omit<Extract<WmsReport, { type: T }>, 'type' | 'messageId' | 'version' | 'documentId' | 'seq' | 'at'> & {
    seq?: number;
    /** When the warehouse says it happened (now unless a test names it). */
    at?: string;
  },
): Extract<WmsReport, { type: T }> {
  const { seq: chosen, at, ...own } = fields;
  const n = chosen ?? ++seq + 1_000_000;
  return wmsReport.parse({
    type,
    messageId: `test:${type}:${documentId}:${n}`,
    version: WMS_CONTRACT_VERSION,
    documentId,
    seq: n,
    at: at ?? new Date().toISOString(),
    ...own,
  }) as Extract<WmsReport, { type: T }>;
}
