/**
 * What the warehouse is told of a reception (shared/wms/contract.ts), built from the reception as it stands when
 * the outbox publishes it (outbox/publish.ts):
 *   reception.announced  sent (001): the advance shipping notice, lot by lot; the warehouse reports its arrival
 *   reception.modified   changed before it arrived (001): the whole notice again
 *   reception.cancelled  cancelled before it arrived: built with the delete, which takes the reception away
 * Its seq is the reception's version, which grows with every change.
 */

import { clock } from '@cellar/shared/common/clock';
import { type CellarMessage, type CellarMessageType, WMS_CONTRACT_VERSION } from '@cellar/shared/wms/contract';
import { keys } from '../data/keys';
import { type References, references } from '../data/reference';
import { warehouseTeller } from '../outbox/publish';
import type { ToldDocument } from '../outbox/told';
import { type ReceptionItem, receptionRecords } from './repository';
import { settleReception } from './settle';

const envelope = (r: ReceptionItem, type: CellarMessageType, seq = r.version) => ({
  messageId: `${type}:${r.id}:${seq}`,
  version: WMS_CONTRACT_VERSION,
  documentId: r.id,
  seq,
  at: clock.iso(),
});

const ownerCode = (r: ReceptionItem, refs: References) => refs.companies.get(r.ownerId)?.code ?? r.ownerId;

/** The message of a reception for the warehouse, as it now stands (null: no longer due). */
export function receptionMessage(r: ReceptionItem, type: CellarMessageType, refs: References): CellarMessage | null {
  if ((type !== 'reception.announced' && type !== 'reception.modified') || r.statusCode !== '001') return null;
  return {
    type,
    ...envelope(r, type),
    ownerCode: ownerCode(r, refs),
    reference: r.reference,
    warehouseCode: r.warehouse.code,
    segment: r.segment,
    expectedAt: r.expectedAt,
    supplier: r.supplier ? { code: r.supplier.code, name: r.supplier.name } : null,
    lines: r.lines.map((l) => ({
      lineId: l.id,
      productCode: l.productCode,
      label: l.productLabel,
      quality: l.quality,
      batch: l.batch,
      ubd: l.ubd,
      bbd: l.bbd,
      expected: l.expected,
    })),
  };
}

/** The notice that an announced reception will not come, for the outbox entry of its delete. */
export function cancelledMessage(r: ReceptionItem, refs: References): CellarMessage {
  const type = 'reception.cancelled';
  return { type, ...envelope(r, type, r.version + 1), ownerCode: ownerCode(r, refs), reference: r.reference };
}

export const toldReception: ToldDocument = {
  async message(id, ownerId, type) {
    const found = await receptionRecords.get(keys.reception(ownerId, id));
    const r = found?.transition ? await settleReception(found) : found;
    return r ? receptionMessage(r, type, await references()) : null;
  },
};

/** Publishes at once what a change of a reception put in the outbox: the `tell` the API's handler hands the service. */
export const tellReception = warehouseTeller(toldReception);
