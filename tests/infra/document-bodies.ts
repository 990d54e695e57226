/**
 * The largest bodies the API takes for its biggest documents, built from the shared limits and checked against the
 * route table's schemas: orders and receptions of 500 lines, every field at its maximum length, each text written
 * with the character JSON spells longest among those its field accepts. What the web ACL must let through.
 */

import type { RouteDef } from '@cellar/shared/api/route';
import {
  ORDER_COMMENT_MAX,
  ORDER_GROUPING_MAX,
  ORDER_LINES_MAX,
  ORDER_QUANTITY_MAX,
  ORDER_REFERENCE_MAX,
} from '@cellar/shared/orders/schemas';
import {
  RECEPTION_LINES_MAX,
  RECEPTION_QUANTITY_MAX,
  RECEPTION_REFERENCE_MAX,
} from '@cellar/shared/receptions/schemas';
import { routes } from '@cellar/shared/routes/table';
import { unsafeTextPaths } from '@cellar/shared/validation/text';
import { EXCISE_LENGTH } from '@cellar/shared/validation/validators';

/** An id's maximum length (`id` in shared/src/validation/zod.ts). */
const ID_MAX = 64;
/** An order line's quantity, and a prepared one, at their bound. */
const LONGEST_INTEGER = ORDER_QUANTITY_MAX;
/** An e-mail has no maximum in the schema: the longest address SMTP carries (RFC 5321, 254 characters). */
const EMAIL_MAX = 254;

/** Candidates for a text's characters, the longest in JSON first (a control character, a 6-byte escape, is refused by the API: `valid` skips it). */
const WIDEST = ['\u0001', '€', 'é', 'A'] as const;

type Text = (field: string, length: number) => string;

/** A document body from its texts: `text(field, n)` is field's text of n characters. */
type Shape = (text: Text) => unknown;

const address = (text: Text) => ({
  isCompany: true,
  company: text('company', 100),
  name: text('name', 100),
  siretNumber: '73282932000074',
  street: text('street', 150),
  details: text('details', 150),
  postcode: text('postcode', 12),
  city: text('city', 100),
  country: 'FR',
  email: `${text('emailName', EMAIL_MAX - 'example.com'.length - 1)}@example.com`,
  phone: `001${'('.repeat(18)}`,
  exciseNumber: `FR${'0'.repeat(EXCISE_LENGTH - 2)}`,
  exciseWarehouseNumber: `FR${'0'.repeat(EXCISE_LENGTH - 2)}`,
  pickupCode: text('pickupCode', 32),
  timeslots: Array.from({ length: 10 }, () => ({ start: '08:00', end: '18:00' })),
  comment: text('addressComment', 255),
});

const lineIds = (text: Text, prefix: string, count: number) =>
  Array.from({ length: count }, (_, i) => `${String(i).padStart(3, '0')}${text(prefix, ID_MAX - 3)}`);

const orderFields = (text: Text) => ({
  segment: 'B2B',
  reference: text('reference', ORDER_REFERENCE_MAX),
  recipientReference: text('recipientReference', 50),
  groupingNumber: text('groupingNumber', ORDER_GROUPING_MAX),
  type: 'SHOP',
  warehouseId: text('warehouseId', ID_MAX),
  recipient: address(text),
  customerId: text('customerId', ID_MAX),
  carrierId: text('carrierId', ID_MAX),
  serviceCode: text('serviceCode', 32),
  pickupManagedByProduct: 1,
  shippingLabelRequired: 0,
  deliveryDate: '2099-12-31',
  pickupDate: '2099-12-31',
  deliveryComment: text('deliveryComment', ORDER_COMMENT_MAX),
  preparationComment: text('preparationComment', ORDER_COMMENT_MAX),
  statusCode: '005',
  stocks: lineIds(text, 'stockId', ORDER_LINES_MAX).map((stockId) => ({ stockId, ordered: LONGEST_INTEGER })),
});

const receptionLines = (text: Text) => {
  const stocks = lineIds(text, 'stockId', RECEPTION_LINES_MAX);
  return stocks.map((stockId) => ({
    productId: text('productId', ID_MAX),
    stockId,
    quality: text('quality', 10),
    batch: text('batch', 50),
    ubd: '2099-12-31',
    bbd: '2099-12-31',
    expected: RECEPTION_QUANTITY_MAX,
  }));
};

const receptionFields = (text: Text) => ({
  segment: 'B2B',
  warehouseId: text('warehouseId', ID_MAX),
  reference: text('reference', RECEPTION_REFERENCE_MAX),
  expectedAt: '2099-12-31',
  supplierId: text('supplierId', ID_MAX),
  statusCode: '001',
  stocks: receptionLines(text),
});

/** The documents' routes and their largest bodies: a create, and an update with a figure for every line. */
const SHAPES: [RouteDef, Shape][] = [
  [routes.orderCreate, (text) => ({ ownerId: text('ownerId', ID_MAX), ...orderFields(text) })],
  [
    routes.orderUpdate,
    (text) => {
      const order = orderFields(text);
      return { ...order, prepared: Object.fromEntries(order.stocks.map((s) => [s.stockId, LONGEST_INTEGER])) };
    },
  ],
  [routes.receptionCreate, (text) => ({ ownerId: text('ownerId', ID_MAX), ...receptionFields(text) })],
  [
    routes.receptionUpdate,
    (text) => {
      const reception = receptionFields(text);
      return {
        ...reception,
        received: Object.fromEntries(reception.stocks.map((s) => [s.stockId, RECEPTION_QUANTITY_MAX])),
      };
    },
  ],
];

/** Whether the API takes the body: its route's schema, and no text with a control character (platform/http/pipeline.ts). */
const valid = (route: RouteDef, body: unknown) =>
  route.body!.safeParse(body).success && unsafeTextPaths(body).length === 0;

/**
 * The body of `shape` with each text written in the longest character its route's schema takes there: one field
 * at a time, the widest candidate that keeps the whole body valid.
 */
function widestBody(route: RouteDef, shape: Shape): unknown {
  const chars = new Map<string, string>();
  const fields = new Set<string>();
  const text: Text = (field, length) => {
    fields.add(field);
    return (chars.get(field) ?? 'A').repeat(length);
  };
  const body = shape(text);
  if (!valid(route, body)) {
    throw new Error(`${route.method} ${route.path}: ${JSON.stringify(route.body!.safeParse(body).error?.issues)}`);
  }
  for (const field of fields) {
    const char = WIDEST.find((candidate) => {
      chars.set(field, candidate);
      return valid(route, shape(text));
    });
    chars.set(field, char ?? 'A');
  }
  return shape(text);
}

export interface DocumentBody {
  readonly route: RouteDef;
  readonly body: unknown;
  /** What the browser sends: the body as JSON.stringify writes it, in UTF-8. */
  readonly bytes: number;
}

/** The largest valid body of each document route. */
export function largestDocumentBodies(): DocumentBody[] {
  return SHAPES.map(([route, shape]) => {
    const body = widestBody(route, shape);
    return { route, body, bytes: Buffer.byteLength(JSON.stringify(body)) };
  });
}

/** The body with one more line than the shared limit allows (to show the limit is the schema's). */
export function withOneLineMore(body: unknown): unknown {
  const document = body as { stocks: object[] };
  return { ...document, stocks: [...document.stocks, document.stocks[0]] };
}
