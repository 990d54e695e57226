import { createRequire } from 'node:module';
import { NO_FULFILMENT } from '@cellar/shared/orders/schemas';
import { WEBHOOK_PAYLOADS } from '@cellar/shared/webhooks/events';
import {
  CELLAR_MESSAGES,
  cellarMessage,
  WMS_CONTRACT_VERSION,
  WMS_REPORTS,
  type WmsReport,
  wmsReport,
} from '@cellar/shared/wms/contract';
import { Ajv } from 'ajv';
import { describe, expect, it } from 'vitest';
import type { References } from '../../data/reference';
import type { OrderItem } from '../../orders/repository';
import { orderMessage } from '../../orders/warehouse-messages';
import type { ReceptionItem } from '../../receptions/repository';
import { cancelledMessage, receptionMessage } from '../../receptions/warehouse-messages';
import type { ShippingOrderItem } from '../../shippingOrders/repository';
import { shippingOrderMessage } from '../../shippingOrders/warehouse-messages';
import { asyncApiDocument } from './asyncapi';

type Doc = {
  asyncapi: string;
  channels: Record<string, { messages: Record<string, unknown> }>;
  components: { schemas: Record<string, object> };
};
const doc = asyncApiDocument() as Doc;
const require = createRequire(import.meta.url);

/** JSON Schema draft 7, as AsyncAPI reads payloads, with the formats the contract uses checked for real. */
function payloadValidator() {
  const ajv = new Ajv({ allowUnionTypes: true, strict: false });
  ajv.addFormat('date', /^\d{4}-\d{2}-\d{2}$/);
  ajv.addFormat('date-time', /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/);
  ajv.addFormat('uri', /^[a-z][a-z0-9+.-]*:\/\/\S+$/i);
  return (type: string, message: unknown) => {
    if (!ajv.getSchema(type)) ajv.addSchema(doc.components.schemas[type] as object, type);
    const validate = ajv.getSchema(type);
    if (!validate) throw new Error(`No schema for ${type}`);
    return validate(message) ? [] : (validate.errors ?? []).map((e) => `${e.instancePath} ${e.message}`);
  };
}

const refs = {
  companies: new Map([['C1', { id: 'C1', code: 'CLI001', name: 'Client 1' }]]),
  warehouses: new Map([['W1', { id: 'W1', code: 'BDX', name: 'Bordeaux' }]]),
} as unknown as References;

const line = {
  id: 'L1',
  position: 1,
  stockId: 'S1',
  productId: 'P1',
  productCode: 'MARG15',
  productLabel: 'Château Margaux 2015',
  warehouseId: 'W1',
  quality: 'STD',
  batch: 'L2015',
  ubd: null,
  bbd: null,
};

const order = {
  id: '01ORDER',
  ownerId: 'C1',
  segment: 'B2B',
  reference: 'CMD-1',
  recipientReference: 'PO-9',
  groupingNumber: '',
  exitPoint: '',
  type: null,
  statusCode: '005',
  warehouse: { id: 'W1', code: 'BDX', name: 'Bordeaux' },
  recipient: {
    isCompany: true,
    company: 'Cave du Port',
    street: '1 quai',
    postcode: '33000',
    city: 'Bordeaux',
    country: 'FR',
  },
  customerId: null,
  carrier: { id: 'K1', code: 'GEODIS', name: 'Geodis' },
  serviceCode: null,
  pickupManagedByProduct: 1,
  shippingLabelRequired: 0,
  deliveryDate: '2026-12-01',
  pickupDate: null,
  appointmentDate: null,
  preparationDate: null,
  deliveryComment: '',
  preparationComment: 'Cartons d’origine',
  comment: '',
  shippingTrackingId: null,
  lines: [{ ...line, pcb: 6, ordered: 12, prepared: null }],
  packings: [],
  orderedQuantity: 12,
  preparedQuantity: 0,
  supportType: null,
  supportNumber: null,
  seq: 1,
  transition: null,
  shipped: null,
  transmittedAt: '2026-11-27T10:00:00.000Z',
  fulfilment: NO_FULFILMENT,
  wmsSeq: 0,
  createdAt: '2026-11-27T10:00:00.000Z',
  updatedAt: '2026-11-27T10:00:00.000Z',
  version: 3,
} as unknown as OrderItem;

const reception = {
  id: '01RECEPTION',
  ownerId: 'C1',
  segment: 'B2B',
  warehouse: { id: 'W1', code: 'BDX', name: 'Bordeaux' },
  reference: 'REC-1',
  expectedAt: '2026-12-02',
  supplier: { id: 'F1', code: 'CHMARG', name: 'Château Margaux' },
  statusCode: '001',
  lines: [{ ...line, expected: 60, received: null, note: null }],
  expectedQuantity: 60,
  receivedQuantity: 0,
  seq: 1,
  transition: null,
  closed: null,
  arrivedAt: null,
  wmsSeq: 0,
  createdAt: '2026-11-27T10:00:00.000Z',
  updatedAt: '2026-11-27T10:00:00.000Z',
  version: 2,
} as unknown as ReceptionItem;

const address = {
  name: 'Domaine',
  contact: '',
  street: '2 route des vins',
  postcode: '33250',
  city: 'Pauillac',
  exciseNumber: '',
  comment: '',
  timeslots: [{ start: '08:00', end: '12:00' }],
};
const shippingOrder = {
  id: '01SHIPPING',
  ownerId: 'C1',
  segment: 'B2B',
  reference: 'TR-1',
  statusCode: '001',
  warehouse: { id: 'W1', code: 'BDX', name: 'Bordeaux' },
  sender: null,
  recipient: null,
  pickupAddress: address,
  deliveryAddress: { ...address, name: 'Entrepôt' },
  palletCount: 2,
  parcelCount: null,
  unitCount: 600,
  weight: 780,
  pickupDate: '2026-12-03',
  deliveryDate: '2026-12-04',
  pickedupAt: null,
  deliveredAt: null,
  tracking: null,
  createdAt: '2026-11-27T10:00:00.000Z',
  updatedAt: '2026-11-27T10:00:00.000Z',
  version: 1,
} as unknown as ShippingOrderItem;

const head = (type: string, documentId: string) => ({
  type,
  messageId: `${type}:1`,
  version: WMS_CONTRACT_VERSION,
  documentId,
  seq: 7,
  at: '2026-11-27T10:05:00.000Z',
});

/** One report of each type, as a warehouse sends them. */
const REPORTS = [
  head('order.acknowledged', order.id),
  { ...head('order.refused', order.id), reason: 'Adresse incomplète' },
  { ...head('order.preparing', order.id), preparationDate: '2026-11-28', appointmentDate: null },
  { ...head('order.prepared', order.id), lines: [{ lineId: 'L1', quantity: 11 }] },
  {
    ...head('order.shipped', order.id),
    shippedAt: '2026-11-28T16:00:00+01:00',
    carrierCode: 'GEODIS',
    trackingNumbers: [{ number: 'GE123', url: 'https://geodis.com/fr/suivi?ref=GE123' }],
    exitPoint: 'Quai 3',
    supportType: 'CARTON',
    packings: [
      {
        sscc: '037601230000000017',
        weight: 14.4,
        quantity: 11,
        support: 'CARTON',
        details: [
          { productCode: 'MARG15', label: 'Margaux', pcb: 6, batch: 'L2015', quantity: 11, quantityInCols: 1.83 },
        ],
      },
    ],
    lines: [{ lineId: 'L1', quantity: 11 }],
    exciseDocument: '26FR000000001',
  },
  head('order.cancellation_confirmed', order.id),
  { ...head('order.cancellation_refused', order.id), reason: 'Déjà chargée' },
  { ...head('reception.arrived', reception.id), arrivedAt: '2026-12-02T08:10:00Z' },
  {
    ...head('reception.received', reception.id),
    receivedAt: '2026-12-02T11:00:00Z',
    lots: [
      { lineId: 'L1', quantity: 59, quality: 'STD', batch: 'L2015', ubd: null, bbd: null, note: null },
      { lineId: 'L1', quantity: 1, quality: 'BLO', batch: 'L2015', ubd: null, bbd: null, note: 'Bouteille cassée' },
    ],
  },
  {
    ...head('stock.adjusted', 'INV-2026-11-001'),
    ownerCode: 'CLI001',
    warehouseCode: 'BDX',
    productCode: 'MARG15',
    segment: 'B2B',
    quality: 'STD',
    batch: 'L2015',
    ubd: null,
    bbd: null,
    quantity: -2,
    reasonCode: 'CASSE',
    reason: 'Casse en stock',
    note: null,
  },
] as WmsReport[];

describe('The AsyncAPI document of the warehouse contract', () => {
  it('is a valid AsyncAPI 3.0 document', () => {
    // Prepare: the specification's own JSON Schema (draft 7), which refers to the JSON Schema meta-schemas.
    const spec = require('@asyncapi/specs/schemas/3.0.0.json');
    // The specification carries the draft 7 meta-schema itself: Ajv's own copy stays out.
    const ajv = new Ajv({
      allowUnionTypes: true,
      strict: false,
      validateFormats: false,
      meta: false,
      validateSchema: false,
    });
    const validate = ajv.compile(spec);
    // Act
    const valid = validate(doc);
    // Assess
    expect(valid ? [] : validate.errors?.slice(0, 5)).toEqual([]);
    expect(doc.asyncapi).toBe('3.0.0');
    // The check bites: an operation on a channel that is not there, or a document without its info, is refused.
    expect(validate({ ...doc, info: undefined })).toBe(false);
    expect(validate({ ...doc, operations: { x: { action: 'publish', channel: { $ref: '#/channels/x' } } } })).toBe(
      false,
    );
  });

  it('describes every webhook event a client’s endpoint receives, as the payloads are built', () => {
    // Prepare
    const errorsOf = payloadValidator();
    const shipped = {
      id: 'order.01ORDER.40',
      type: 'order.shipped',
      createdAt: '2026-11-27T10:00:00.000Z',
      companyId: 'C1',
      data: {
        order: { id: '01ORDER', reference: 'CMD-1', statusCode: '070' },
        shippedAt: '2026-11-27T10:00:00.000Z',
        carrierCode: 'GEODIS',
        trackingNumbers: [{ number: 'GE42', url: 'https://geodis.com/fr/suivi?ref=GE42' }],
        short: [],
      },
    };
    // Assess
    expect(Object.keys(doc.channels.clientWebhooks?.messages ?? {}).sort()).toEqual(
      Object.keys(WEBHOOK_PAYLOADS)
        .map((t) => `webhook.${t}`)
        .sort(),
    );
    expect(errorsOf('webhook.order.shipped', shipped)).toEqual([]);
    expect(errorsOf('webhook.order.shipped', { ...shipped, data: { order: shipped.data.order } })).not.toEqual([]);
  });

  it('describes every message of the contract, each on the channel of its direction', () => {
    const names = (list: readonly unknown[]) =>
      list.map((m) => (m as { shape: { type: { value: string } } }).shape.type.value).sort();
    expect(Object.keys(doc.channels.cellarToWarehouse?.messages ?? {}).sort()).toEqual(names(CELLAR_MESSAGES));
    expect(Object.keys(doc.channels.warehouseToCellar?.messages ?? {}).sort()).toEqual(names(WMS_REPORTS));
  });

  it('accepts every message Cellar builds, as the workers’ own schemas do', async () => {
    // Prepare
    const errorsOf = payloadValidator();
    const sent = [
      orderMessage(order, 'order.transmitted', refs),
      orderMessage({ ...order, statusCode: '010' }, 'order.modified', refs),
      orderMessage({ ...order, statusCode: '050' }, 'order.cancellation_requested', refs),
      receptionMessage(reception, 'reception.announced', refs),
      receptionMessage(reception, 'reception.modified', refs),
      cancelledMessage(reception, refs),
      shippingOrderMessage(shippingOrder, 'shipping_order.booked', refs),
      shippingOrderMessage(shippingOrder, 'shipping_order.modified', refs),
    ];
    // Assess
    expect(sent.map((m) => m?.type)).toEqual([
      'order.transmitted',
      'order.modified',
      'order.cancellation_requested',
      'reception.announced',
      'reception.modified',
      'reception.cancelled',
      'shipping_order.booked',
      'shipping_order.modified',
    ]);
    for (const m of sent) {
      expect(cellarMessage.safeParse(m).success, m?.type).toBe(true);
      expect(errorsOf(m?.type as string, m), m?.type).toEqual([]);
    }
    // What the document refuses, the workers refuse too: a message without its sequence.
    const { seq: _, ...unnumbered } = sent[0] as object as { seq: number };
    expect(errorsOf('order.transmitted', unnumbered)).not.toEqual([]);
    expect(cellarMessage.safeParse(unnumbered).success).toBe(false);
  });

  it('accepts every report a warehouse may send, and refuses what the workers refuse', () => {
    // Prepare
    const errorsOf = payloadValidator();
    const broken = [
      { ...REPORTS[0], seq: 0 },
      { ...REPORTS[0], version: 1 },
      { ...(REPORTS[4] as object), trackingNumbers: [{ number: 'X', url: 'not a url' }] },
      { ...(REPORTS[9] as object), quantity: 0 },
      { ...(REPORTS[9] as object), reasonCode: 'VOL' },
    ] as { type: string; quantity?: number }[];
    // Assess
    expect(new Set(REPORTS.map((r) => r.type)).size).toBe(WMS_REPORTS.length);
    for (const r of REPORTS) {
      expect(wmsReport.safeParse(r).success, r.type).toBe(true);
      expect(errorsOf(r.type, r), r.type).toEqual([]);
    }
    for (const b of broken) {
      expect(wmsReport.safeParse(b).success).toBe(false);
      // A zod refinement (a non-zero quantity) has no JSON Schema: the document says it in words.
      if (b.quantity !== 0) expect(errorsOf(b.type, b)).not.toEqual([]);
    }
  });
});
