/**
 * Receptions in the single table (see data/ACCESS-PATTERNS.md):
 *   item        PK T#<owner>                   SK RECEPTION#<id>        ids are ULIDs: key order is creation order
 *   by id       GSI1PK ID#<id>                 GSI1SK RECEPTION
 *   all owners  GSI2PK RECEPTIONS              GSI2SK <id>              the superadmin's cross-tenant list
 *   list sorts  LSnPK T#<owner>#RECEPTION      LSnSK <value>#<id>       one sortable column per index (RECEPTION_LIST)
 *   search      PK SEARCH#<scope>#<c>          SK <word>#<id>           reference and supplier, in the owner's list
 *                                                                       and in every owner's (scope ALL#RECEPTION)
 *   totals      PK COUNT#<T#owner|ALL>         SK RECEPTION#<segment|->; per owner also RECEPTION#status#<code>
 * The lines live in the item (at most RECEPTION_LINES_MAX). The supplier's and warehouse's code and name are copied
 * as they were when the reception was saved, for the list's sorts and search; answers show the current ones.
 */
import { segmentCode } from '@cellar/shared/common/schemas';
import { RECEPTION_LIST } from '@cellar/shared/receptions/routes';
import { receptionStatusCode, receptionWords } from '@cellar/shared/receptions/schemas';
import * as z from 'zod';
import { segmentTotals } from '../data/counters';
import { defineEntity } from '../data/entity';
import { receptionFigureRanges, receptionFigures } from '../data/figures';
import { keys } from '../data/keys';
import { readCounter, type Source } from '../data/table';
import { transitionSchema as ledgerTransition } from '../stocks/ledger';

const refCopy = z.object({ id: z.string(), code: z.string(), name: z.string() });

const lineItemSchema = z.object({
  id: z.string(),
  position: z.number().int(),
  stockId: z.string(),
  productId: z.string(),
  productCode: z.string(),
  productLabel: z.string(),
  quality: z.string(),
  batch: z.string().nullable(),
  ubd: z.string().nullable(),
  bbd: z.string().nullable(),
  /** 0 on a lot the warehouse found that was not announced (another batch, a damaged quality). */
  expected: z.number().int(),
  received: z.number().int().nullable(),
  /** The warehouse's remark on what it counted. */
  note: z.string().nullable().default(null),
});
export type ReceptionLineItem = z.infer<typeof lineItemSchema>;

/**
 * A change of status or lines applied in steps (more effects than one transaction holds): recorded on the reception
 * by the first step, cleared by the last (stocks/ledger.ts), so that whoever finds it (a re-read, the sweep)
 * completes it.
 */
const transitionSchema = ledgerTransition(receptionStatusCode, lineItemSchema);
export type Transition = z.infer<typeof transitionSchema>;

const receptionItemSchema = z.object({
  id: z.string(),
  ownerId: z.string(),
  segment: segmentCode.nullable(),
  warehouse: refCopy,
  reference: z.string(),
  expectedAt: z.string().nullable(),
  supplier: refCopy.nullable(),
  statusCode: receptionStatusCode,
  lines: z.array(lineItemSchema),
  expectedQuantity: z.number().int(),
  receivedQuantity: z.number().int(),
  /** The step of the last change of stock effects (each change has the next one). */
  seq: z.number().int(),
  transition: transitionSchema.nullable(),
  /** The close that wrote the input movements: their ids and date derive from it. */
  closed: z.object({ seq: z.number().int(), at: z.string() }).nullable(),
  /** When the warehouse reported the delivery at its dock. */
  arrivedAt: z.string().nullable().default(null),
  /** The `seq` of the last warehouse report applied: a report applies only above it (wms/contract.ts). */
  wmsSeq: z.number().int().default(0),
  createdAt: z.string(),
  updatedAt: z.string(),
  version: z.number().int(),
});
export type ReceptionItem = z.infer<typeof receptionItemSchema>;

const ALL = 'ALL';
const segmentCounts = segmentTotals('RECEPTION');
const statusCounter = (status: string) => `RECEPTION#status#${status}`;

/** The list-sort and search partition of one owner's receptions, or of every owner's. */
export const receptionListScope = (owner: string | 'all') => `${owner === 'all' ? ALL : keys.tenant(owner)}#RECEPTION`;

export const receptionRecords = defineEntity<ReceptionItem>({
  name: 'reception',
  schema: receptionItemSchema,
  key: (r) => keys.reception(r.ownerId, r.id),
  indexes: (r) => ({ GSI1: [keys.byId(r.id), 'RECEPTION'], GSI2: [keys.receptions, r.id] }),
  counters: (r) => [
    ...segmentCounts.keysOf(r.ownerId, r.segment),
    keys.counter(keys.tenant(r.ownerId), statusCounter(r.statusCode)),
    ...receptionFigures(r),
  ],
  counterRanges: receptionFigureRanges,
  everywhere: () => [{ index: 'GSI2', pk: keys.receptions }],
  list: {
    spec: RECEPTION_LIST,
    sortScope: (r) => receptionListScope(r.ownerId),
    row: (r) => r,
    search: {
      scopes: (r) => [receptionListScope(r.ownerId), receptionListScope('all')],
      words: receptionWords,
    },
  },
});

export const findReception = (id: string) => receptionRecords.findById(id, 'RECEPTION');

/** One owner's receptions in creation order, or every owner's through GSI2. */
export const receptionSource = (owner: string | 'all'): Omit<Source, 'desc'> =>
  owner === 'all' ? { index: 'GSI2', pk: keys.receptions } : { pk: keys.tenant(owner), skPrefix: keys.receptionPrefix };

/** How many receptions an owner (or everyone) has within some segments. */
export const countReceptions = (owner: string | 'all', segments: readonly (string | null)[]) =>
  segmentCounts.count(owner, segments);

/** An owner's receptions per status (the dashboard's figures). */
export async function countReceptionsByStatus(ownerId: string, statuses: readonly string[]) {
  const counts = await Promise.all(
    statuses.map((s) => readCounter(keys.counter(keys.tenant(ownerId), statusCounter(s)))),
  );
  return Object.fromEntries(statuses.map((s, i) => [s, counts[i] ?? 0]));
}
