import { inflateSync } from 'node:zlib';
import type { Order, OrderLine } from '@cellar/shared/orders/schemas';
import { PDFDocument } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { type DocumentParties, orderPdf, winAnsi } from './pdf';

const PARTIES: DocumentParties = {
  provider: { name: 'Cellar Logistique', lines: ['12 rue des Chais', '33000 Bordeaux'] },
  owner: { code: 'CL001', name: 'Domaine des Tests', lines: ['1 allée des Vignes', '21200 Beaune'] },
};

const line = (n: number, over: Partial<OrderLine> = {}): OrderLine => ({
  id: `line-${n}`,
  position: n,
  stockId: `stock-${n}`,
  product: { id: `product-${n}`, code: `P${String(n).padStart(4, '0')}`, label: `Château Test ${n}`, pcb: 6 },
  warehouse: { id: 'wh-1', code: 'BDX', name: 'Bordeaux Nord' },
  quality: 'A',
  batch: `L${n}`,
  ubd: '2030-12-31',
  bbd: '2029-06-15',
  ordered: 12,
  prepared: null,
  availableQuantity: 100,
  uniqueKey: `product-${n}|L${n}`,
  ...over,
});

/** An order with every field of `orderSchema` set, entered (010) and not yet prepared. */
const order = (over: Partial<Order> = {}): Order => ({
  id: '01JORDER0000000000000000001',
  reference: 'CMD-2026-0042',
  recipientReference: 'PO-778',
  groupingNumber: 'GRP-9',
  exitPoint: '',
  type: 'SHOP',
  statusCode: '010',
  segment: 'B2B',
  ownerId: 'owner-1',
  owner: { id: 'owner-1', code: 'CL001', name: 'Domaine des Tests' },
  warehouseId: 'wh-1',
  warehouse: { id: 'wh-1', code: 'BDX', name: 'Bordeaux Nord' },
  recipient: {
    isCompany: true,
    company: 'Cave du Port',
    name: 'Jeanne Martin',
    siretNumber: '',
    street: '4 quai des Marques',
    details: 'Porte B',
    postcode: '17000',
    city: 'La Rochelle',
    country: 'FR',
    email: 'jeanne@example.com',
    phone: '+33546000000',
    exciseNumber: '',
    exciseWarehouseNumber: '',
    pickupCode: '',
    timeslots: [],
    comment: '',
    displayName: 'Cave du Port',
  },
  customerId: 'customer-1',
  carrierId: 'carrier-1',
  carrier: { id: 'carrier-1', code: 'GEO', name: 'Géodis', segment: 'B2B' },
  serviceCode: 'MES',
  service: { code: 'MES', name: 'Messagerie', isPickupPoint: false },
  pickupManagedByProduct: 1,
  shippingLabelRequired: 0,
  deliveryDate: '2026-03-09',
  pickupDate: null,
  appointmentDate: null,
  preparationDate: null,
  deliveryComment: 'Livrer le matin',
  preparationComment: 'Film étirable',
  comment: '',
  shippingTrackingId: null,
  stocks: [line(1), line(2, { ordered: 30, batch: null, ubd: null, bbd: null })],
  packings: [],
  lineCount: 2,
  orderedQuantity: 42,
  preparedQuantity: 0,
  supportType: null,
  supportNumber: null,
  fulfilment: { cancellation: null, reason: null, trackingNumbers: [], shippedAt: null, exciseDocument: null },
  createdBy: null,
  createdAt: '2026-03-02T08:15:00.000Z',
  updatedAt: '2026-03-02T08:15:00.000Z',
  ...over,
});

/** Windows-1252's bytes 0x80–0x9F (Node's TextDecoder reads them as Latin-1 control characters). */
const CP1252_80 = '€\u0081‚ƒ„…†‡ˆ‰Š‹Œ\u008dŽ\u008f\u0090‘’“”•–—˜™š›œ\u009džŸ';
const fromWinAnsi = (bytes: Buffer) =>
  [...bytes].map((b) => (b >= 0x80 && b <= 0x9f ? CP1252_80[b - 0x80] : String.fromCharCode(b))).join('');

/**
 * The text a PDF shows, page by page in drawing order, one string per text drawn: pdf-lib writes each page's
 * content as a Flate-compressed stream in which a text is a hexadecimal string of WinAnsi bytes shown by `Tj`.
 */
function pageTexts(bytes: Uint8Array): string[][] {
  const raw = Buffer.from(bytes);
  const latin1 = raw.toString('latin1');
  const out: string[][] = [];
  for (const m of latin1.matchAll(/\d+ 0 obj\s*<<((?:(?!endobj)[\s\S])*?)>>\s*stream\r?\n/g)) {
    if (!m[1]?.includes('/FlateDecode') || m[1].includes('/Image')) continue;
    const start = (m.index ?? 0) + m[0].length;
    const end = latin1.indexOf('endstream', start);
    const content = inflateSync(raw.subarray(start, end)).toString('latin1');
    out.push(
      [...content.matchAll(/<([0-9A-Fa-f]*)>\s*Tj/g)].map(([, hex]) => fromWinAnsi(Buffer.from(hex ?? '', 'hex'))),
    );
  }
  return out;
}

const pdf = async (o: Order, lang: 'fr' | 'en' = 'fr') => {
  const bytes = await orderPdf(o, PARTIES, lang);
  const pages = pageTexts(bytes);
  return { bytes, pages, texts: pages.flat(), all: pages.flat().join(' | ') };
};

describe('Function: winAnsi', () => {
  it.each([
    ['plain text', 'CMD-2026/42 Château', 'CMD-2026/42 Château'],
    [
      'the characters of WinAnsi beyond Latin-1',
      'Œuvre – cœur — “vin” ‘x’ … € ™ •',
      'Œuvre – cœur — “vin” ‘x’ … € ™ •',
    ],
    ['narrow, no-break and thin spaces', 'CMD\u202f42\u00a0A\u2009B', 'CMD 42 A B'],
    ['hyphens and minus', 'A\u2010B\u2011C\u2212D', 'A-B-C-D'],
    ['invisible characters', 'A\u200bB\u00adC\ufeffD', 'ABCD'],
    ['line breaks and tabs', 'a\r\nb\tc', 'a  b c'],
    ['accents WinAnsi lacks', 'Łódź Ăn Ő', 'Lódz An O'],
    ['decomposed accents', 'Che\u0301vre', 'Chévre'],
    ['an emoji, with its skin tone or its variation selector', 'A🍷B👍🏽C❤️', 'A?B?C?'],
    ['a family emoji joined', 'x👨‍👩‍👧y', 'x?y'],
    ['Chinese and Arabic', '葡萄酒 نبيذ', '??? ????'],
    ['control characters', 'A\u0000B\u0007C\u001bD\u0085E', 'A?B?C?D E'],
  ])('keeps or replaces %s', (_, input, expected) => {
    expect(winAnsi(input)).toBe(expected);
  });
});

describe('Function: orderPdf', () => {
  it('builds a document whatever the characters of its references, labels, addresses and comments', async () => {
    // Prepare
    const o = order({
      reference: 'CMD\u202f42 🍷',
      recipientReference: 'PO\u00a0778 葡萄酒',
      groupingNumber: 'G\u0000\u0007\u001b',
      recipient: { ...order().recipient!, company: 'Cave 🍾 du Port', street: '4 quai\u2009des Marques', city: '上海' },
      deliveryComment: 'Sonner 2×\u202f: porte « B »\nmerci 🙏',
      preparationComment: 'Étiquettes \u2028 ✓',
      stocks: [line(1, { product: { id: 'p', code: 'P\u20111', label: 'Vin 🍇 rouge ‘cuvée’ 紅酒', pcb: 6 } })],
    });
    // Act
    const { bytes, all } = await pdf(o);
    // Assess
    expect(Buffer.from(bytes.subarray(0, 5)).toString()).toBe('%PDF-');
    expect((await PDFDocument.load(bytes)).getPageCount()).toBe(1);
    expect(all).toContain('Bon de commande CMD 42 ?');
    expect(all).toContain('PO 778 ???');
    expect(all).toContain('Cave ? du Port');
    expect(all).toContain('Vin ? rouge ‘cuvée’ ??');
    expect(all).toContain('Sonner 2× : porte « B » | merci ?');
    expect(all).toContain('Bon de commande CMD 42 ? · Page 1/1');
  });
});

describe('Function: orderPdf, an order form', () => {
  it('is titled an order form, in French, with its status in words and its dates as the French write them', async () => {
    // Act
    const { all, texts: drawn } = await pdf(order({ statusCode: '020' }));
    // Assess
    expect(all).toContain('Bon de commande CMD-2026-0042');
    expect(all).toContain('Statut : En cours');
    expect(all).not.toMatch(/Statut : 0\d\d/);
    expect(all).toContain('Date de livraison : 09/03/2026');
    expect(drawn).toEqual(expect.arrayContaining(['31/12/2030', '15/06/2029']));
    expect(all).not.toMatch(/\d{4}-\d{2}-\d{2}/);
  });

  it('is titled an order form in English, with the status and the dates in English', async () => {
    // Act
    const { all, texts: drawn } = await pdf(order({ statusCode: '040' }), 'en');
    // Assess
    expect(all).toContain('Order form CMD-2026-0042');
    expect(all).toContain('Status: Awaiting pickup');
    expect(all).toContain('Delivery date: 09 Mar 2026');
    expect(drawn).toEqual(expect.arrayContaining(['31 Dec 2030', '15 Jun 2029']));
  });

  it('gives the pickup date of a B2B order its client collects', async () => {
    // Act
    const { all } = await pdf(order({ pickupManagedByProduct: 0, pickupDate: '2026-04-01', deliveryDate: null }));
    // Assess
    expect(all).toContain('Date d’enlèvement : 01/04/2026');
  });
});

/** `n` packings of one support, each of `quantity` bottles weighing `weight` kg, with 18-digit SSCCs. */
const packings = (n: number, support: string, weight: number, quantity = 6, first = 1): Order['packings'] =>
  Array.from({ length: n }, (_, i) => ({
    sscc: `03760123${String(first + i).padStart(10, '0')}`,
    weight,
    quantity,
    support,
    details: [{ productCode: 'P0001', label: 'Château Test 1', pcb: 6, batch: 'L1', quantity, quantityInCols: 1 }],
  }));

/** The order once shipped (070): every line shipped as ordered, 125 cartons, two tracking numbers, a DAE. */
const shipped = (over: Partial<Order> = {}): Order =>
  order({
    statusCode: '070',
    exitPoint: 'Quai 3',
    stocks: [line(1, { ordered: 720, prepared: 720 }), line(2, { ordered: 30, prepared: 30 })],
    packings: packings(125, 'CARTON', 8.7),
    preparedQuantity: 750,
    supportType: 'CARTON',
    supportNumber: 125,
    shippingTrackingId: 'GEO123456789',
    fulfilment: {
      cancellation: null,
      reason: null,
      trackingNumbers: [
        { number: 'GEO123456789', url: 'https://suivi.example.com/colis?n=GEO123456789' },
        { number: 'GEO987654321', url: null },
      ],
      shippedAt: '2026-03-09T14:40:00.000Z',
      exciseDocument: '26FRA000000000000001',
    },
    ...over,
  });

describe('Function: orderPdf, a delivery note', () => {
  it('is titled a delivery note once shipped, with when, where, how to follow and the excise document', async () => {
    // Act
    const { all } = await pdf(shipped());
    // Assess
    expect(all).toContain('Bon de livraison CMD-2026-0042');
    expect(all).not.toContain('Bon de commande');
    expect(all).toContain('Statut : Expédiée');
    expect(all).toContain('Expédiée le : 09/03/2026 15:40');
    expect(all).toContain('Point de sortie : Quai 3');
    expect(all).toContain('Document d’accise (DAE/DSA) : 26FRA000000000000001');
    expect(all).toContain('N° de suivi : GEO123456789 – https://suivi.example.com/colis?n=GEO123456789');
    expect(all).toContain('N° de suivi : GEO987654321');
  });

  it('is titled a delivery note in English, with the shipment in English', async () => {
    // Act
    const { all } = await pdf(shipped(), 'en');
    // Assess
    expect(all).toContain('Delivery note CMD-2026-0042');
    expect(all).toContain('Status: Shipped');
    expect(all).toContain('Shipped on: 09 Mar 2026 15:40');
    expect(all).toContain('Exit point: Quai 3');
    expect(all).toContain('Excise document (e-AD/SAD): 26FRA000000000000001');
    expect(all).toContain('Tracking number: GEO987654321');
    expect(all).toContain('Delivery note CMD-2026-0042 · Page 1/1');
  });

  it('says nothing of an excise document, an exit point or tracking it does not have', async () => {
    // Act
    const { all } = await pdf(
      shipped({
        exitPoint: '',
        fulfilment: { cancellation: null, reason: null, trackingNumbers: [], shippedAt: null, exciseDocument: null },
      }),
    );
    // Assess
    expect(all).toContain('Bon de livraison');
    expect(all).not.toContain('accise');
    expect(all).not.toContain('Point de sortie');
    expect(all).not.toContain('N° de suivi');
    expect(all).not.toContain('Expédiée le');
    expect(all).not.toContain('Expédition');
  });

  it('counts 125 cartons in one row of the support summary rather than one row each', async () => {
    // Act
    const { all, texts: drawn } = await pdf(shipped());
    // Assess
    expect(all).toContain('Support | Nombre | Poids (kg) | Bouteilles | CARTON | 125 | 1 087,5 | 750');
    expect(drawn.filter((s) => s === 'CARTON')).toHaveLength(1);
    expect(drawn.some((s) => /^\d{18}$/.test(s))).toBe(false);
    expect(all).toContain('125 supports : leur liste par SSCC n’est pas reproduite.');
  });

  it('counts each support, totals them, and lists a short packing by SSCC', async () => {
    // Prepare
    const o = shipped({ packings: [...packings(2, 'PALETTE', 410.25, 300), ...packings(3, 'CARTON', 8.7, 6, 10)] });
    // Act
    const { all, texts: drawn } = await pdf(o, 'en');
    // Assess
    expect(all).toContain('PALETTE | 2 | 820.5 | 600 | CARTON | 3 | 26.1 | 18 | Total | 5 | 846.6 | 618');
    expect(drawn.filter((s) => /^\d{18}$/.test(s))).toHaveLength(5);
    expect(all).toContain('037601230000000001 | PALETTE | 410.25 | 300 | P0001 L1');
    expect(all).not.toContain('SSCC list is not printed');
  });

  it('gives the shipped quantity of every line, and the ordered one beside it when they differ', async () => {
    // Prepare
    const o = shipped({ stocks: [line(1, { ordered: 12, prepared: 10 }), line(2, { ordered: 30, prepared: 30 })] });
    // Act
    const { all } = await pdf(o);
    // Assess
    expect(all).toContain('DLC | DDM | expédiés | commandées | expédiées');
    expect(all).toContain('P0001 | Château Test 1 | L1 | 31/12/2030 | 15/06/2029 | 2 | 12 | 10');
    expect(all).toContain('P0002 | Château Test 2 | L2 | 31/12/2030 | 15/06/2029 | 5 | 30 | 30');
    expect(all).toContain('Total : 2 lignes | 7 | 42 | 40');
  });

  it('gives the shipped quantities alone when every line shipped as ordered', async () => {
    // Act
    const { all } = await pdf(shipped());
    // Assess
    expect(all).not.toContain('commandées');
    expect(all).toContain('P0001 | Château Test 1 | L1 | 31/12/2030 | 15/06/2029 | 120 | 720');
    expect(all).toContain('Total : 2 lignes | 125 | 750');
  });

  it('ships a line’s ordered quantity when the warehouse did not say what it prepared', async () => {
    // Act
    const { all } = await pdf(shipped({ stocks: [line(1, { ordered: 12, prepared: null })] }));
    // Assess
    expect(all).not.toContain('commandées');
    expect(all).toContain('Total : 1 ligne | 2 | 12');
  });

  it('keeps the order form’s columns before shipping, whatever was prepared', async () => {
    // Act
    const { all } = await pdf(order({ statusCode: '040', stocks: [line(1, { ordered: 12, prepared: 10 })] }));
    // Assess
    expect(all).toContain('Code | Libellé | Lot | DLC | DDM | Colis | Bouteilles');
    expect(all).toContain('Total : 1 ligne | 2 | 12');
    expect(all).not.toContain('Expédition');
  });
});

describe('Function: orderPdf, a long order', () => {
  it('wraps a comment over lines, cutting a word only when it is wider than the page', async () => {
    // Prepare
    const word = 'x'.repeat(255);
    // Act
    const { texts: drawn } = await pdf(order({ deliveryComment: word }));
    // Assess
    const start = drawn.indexOf('Commentaire de livraison') + 1;
    const cut = drawn.slice(start, start + 3);
    expect(cut.join('')).toBe(word);
    expect(cut.every((s) => s.length > 0 && s.length < 255)).toBe(true);
  });

  it('runs its lines over as many pages as they take, each page with the table’s titles and its number', async () => {
    // Prepare
    const stocks = Array.from({ length: 300 }, (_, i) => line(i + 1, { prepared: 12 }));
    const o = shipped({ stocks, packings: packings(600, 'CARTON', 8.7) });
    // Act
    const { bytes, pages, texts: drawn } = await pdf(o);
    // Assess
    const count = (await PDFDocument.load(bytes)).getPageCount();
    expect(count).toBeGreaterThan(4);
    expect(pages).toHaveLength(count);
    const codes = drawn.filter((s) => /^P\d{4}$/.test(s));
    expect(codes).toEqual(Array.from({ length: 300 }, (_, i) => `P${String(i + 1).padStart(4, '0')}`));
    pages.forEach((page, i) => {
      const firstLine = page.findIndex((s) => /^P\d{4}$/.test(s));
      if (firstLine >= 0) expect(page.slice(0, firstLine)).toContain('Libellé');
      expect(page.at(-1)).toBe(`Bon de livraison CMD-2026-0042 · Page ${i + 1}/${count}`);
    });
    expect(drawn.join(' | ')).toContain('Total : 300 lignes | 600 | 3 600');
  });
});
