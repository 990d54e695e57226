/**
 * The order document (issue 10, spec 2 §7): an A4 PDF built with pdf-lib, in the caller's language. Until the
 * order ships it is the order form; once shipped (070) the delivery note. Both have the provider and owner header,
 * the reference as a Code 128 barcode (bwip-js), the status in words, recipient, delivery, every line (product
 * code, label, batch, dates, cartons, bottles), totals and comments; the delivery note adds when and where the goods
 * left, the excise document and the tracking numbers, gives the shipped quantities (and the ordered ones when a line
 * shipped short), and counts the packings by support, listing them by SSCC only while the list is short.
 * Dates read as the reader writes them; any character the standard fonts cannot print is replaced (`winAnsi`).
 * pdf-lib and bwip-js load with the first document: only this route pays for them.
 */
import { formatDate } from '@cellar/shared/csv/columns';
import { listText } from '@cellar/shared/i18n/list-texts';
import type { Language } from '@cellar/shared/i18n/messages';
import type { Order } from '@cellar/shared/orders/schemas';
import { ORDER_STATUS, orderRules } from '@cellar/shared/orders/status';
import type { PDFFont, PDFPage } from 'pdf-lib';
import { shippedQuantity } from './effects';

const TEXTS = {
  fr: {
    /** French puts a space before the colon. */
    colon: ' : ',
    title: 'Bon de commande',
    noteTitle: 'Bon de livraison',
    owner: 'Donneur d’ordre',
    recipient: 'Destinataire',
    delivery: 'Livraison',
    recipientReference: 'Réf. destinataire',
    groupingNumber: 'N° de regroupement',
    segment: 'Segment',
    deliveryDate: 'Date de livraison',
    pickupDate: 'Date d’enlèvement',
    pickup: 'Enlèvement',
    byProvider: 'géré par le prestataire',
    byClient: 'géré par le client',
    label: 'Étiquette transport',
    yes: 'oui',
    no: 'non',
    carrier: 'Transporteur',
    warehouse: 'Entrepôt',
    status: 'Statut',
    shipment: 'Expédition',
    shippedAt: 'Expédiée le',
    exitPoint: 'Point de sortie',
    exciseDocument: 'Document d’accise (DAE/DSA)',
    tracking: 'N° de suivi',
    code: 'Code',
    product: 'Libellé',
    batch: 'Lot',
    ubd: 'DLC',
    bbd: 'DDM',
    cartons: ['Colis'],
    bottles: ['Bouteilles'],
    shippedCartons: ['Colis', 'expédiés'],
    orderedBottles: ['Bouteilles', 'commandées'],
    shippedBottles: ['Bouteilles', 'expédiées'],
    totals: 'Total',
    line: 'ligne',
    lines: 'lignes',
    deliveryComment: 'Commentaire de livraison',
    preparationComment: 'Commentaire de préparation',
    packings: 'Colisage',
    count: 'Nombre',
    weight: 'Poids (kg)',
    support: 'Support',
    ssccOmitted: (n: string) => `${n} supports : leur liste par SSCC n’est pas reproduite.`,
    page: 'Page',
  },
  en: {
    colon: ': ',
    title: 'Order form',
    noteTitle: 'Delivery note',
    owner: 'Ordering party',
    recipient: 'Recipient',
    delivery: 'Delivery',
    recipientReference: 'Recipient ref.',
    groupingNumber: 'Grouping number',
    segment: 'Segment',
    deliveryDate: 'Delivery date',
    pickupDate: 'Pickup date',
    pickup: 'Pickup',
    byProvider: 'managed by the provider',
    byClient: 'managed by the client',
    label: 'Shipping label',
    yes: 'yes',
    no: 'no',
    carrier: 'Carrier',
    warehouse: 'Warehouse',
    status: 'Status',
    shipment: 'Shipment',
    shippedAt: 'Shipped on',
    exitPoint: 'Exit point',
    exciseDocument: 'Excise document (e-AD/SAD)',
    tracking: 'Tracking number',
    code: 'Code',
    product: 'Label',
    batch: 'Batch',
    ubd: 'UBD',
    bbd: 'BBD',
    cartons: ['Cartons'],
    bottles: ['Bottles'],
    shippedCartons: ['Cartons', 'shipped'],
    orderedBottles: ['Bottles', 'ordered'],
    shippedBottles: ['Bottles', 'shipped'],
    totals: 'Total',
    line: 'line',
    lines: 'lines',
    deliveryComment: 'Delivery comment',
    preparationComment: 'Preparation comment',
    packings: 'Packing',
    count: 'Count',
    weight: 'Weight (kg)',
    support: 'Support',
    ssccOmitted: (n: string) => `${n} units: their SSCC list is not printed.`,
    page: 'Page',
  },
} as const;

/** A status in words, as the order's pages name it: 'Expédiée', 'Sent'. */
const statusText = (code: string, lang: Language) => {
  const key = ORDER_STATUS.byCode(code)?.labelKey;
  return key ? listText(lang, key) : code;
};

/**
 * A date as the reader writes it: a calendar day (YYYY-MM-DD) as it is, an instant in the warehouses' (Paris)
 * time: '09/03/2026', '09 Mar 2026', '09/03/2026 15:40' (English names the month: 03/09 would read as March).
 */
const dateText = (value: string | null | undefined, lang: Language) => (value ? formatDate(value, lang) : '-');

/** Who the document is from and for. */
export interface DocumentParties {
  provider: { name: string; lines: string[] };
  owner: { code: string; name: string; lines: string[] };
}

const A4: [number, number] = [595.28, 841.89];
const MARGIN = 40;
const ROW = 13;

/** The characters of WinAnsi (Windows-1252) above Latin-1, which the standard fonts also print. */
const WIN_ANSI_EXTRA = new Set('ŒœŠšŸŽžƒˆ˜–—‘’‚“”„†‡•…‰‹›€™');
const isWinAnsi = (c: string) => {
  const n = c.codePointAt(0) ?? 0;
  return (n >= 0x20 && n <= 0x7e) || (n >= 0xa1 && n <= 0xff && n !== 0xad) || WIN_ANSI_EXTRA.has(c);
};

/** What a character outside WinAnsi reads as: spaces, hyphens, quotes and a few letters have a lookalike. */
const LOOKALIKES: Readonly<Record<string, string>> = {
  ...Object.fromEntries(
    // Line breaks and tabs (a cell is one line), the no-break, narrow, thin and other typographic spaces.
    [
      ...'\t\n\r\v\f\u0085\u00a0\u1680\u2000\u2001\u2002\u2003\u2004\u2005\u2006\u2007\u2008\u2009\u200a\u2028\u2029\u202f\u205f\u3000',
    ].map((c) => [c, ' ']),
  ),
  // Invisible: soft hyphen, zero-width spaces and joiners, word joiner, byte order mark, variation selectors.
  ...Object.fromEntries([...'\u00ad\u200b\u200c\u200d\u2060\ufeff\ufe0e\ufe0f'].map((c) => [c, ''])),
  '\u2010': '-',
  '\u2011': '-',
  '\u2012': '-',
  '\u2015': '—',
  '\u2043': '-',
  '\u2212': '-',
  '\u201b': '‘',
  '\u201f': '“',
  '\u2032': "'",
  '\u2033': '"',
  '\u02bc': '’',
  '\u2024': '.',
  '\u2025': '..',
  '\u2044': '/',
  '\u2215': '/',
  '\u2116': 'No',
  ł: 'l',
  Ł: 'L',
  đ: 'd',
  Đ: 'D',
  ı: 'i',
  ħ: 'h',
  Ħ: 'H',
  ĳ: 'ij',
  Ĳ: 'IJ',
};

/** A text of WinAnsi characters only (most are): it prints as it is. */
const ALL_WIN_ANSI = new RegExp(`^[\\x20-\\x7e\\xa1-\\xac\\xae-\\xff${[...WIN_ANSI_EXTRA].join('')}]*$`);

const graphemes = new Intl.Segmenter('fr', { granularity: 'grapheme' });
const MARK = /^\p{M}$/u;

/** One character (code point) in WinAnsi: itself, its lookalike, its letter without accents, else null. */
function winAnsiChar(c: string): string | null {
  if (isWinAnsi(c)) return c;
  const lookalike = LOOKALIKES[c];
  if (lookalike !== undefined) return lookalike;
  if (MARK.test(c)) return '';
  const [base, ...marks] = c.normalize('NFD');
  return base && base !== c && isWinAnsi(base) && marks.every((m) => MARK.test(m)) ? base : null;
}

/**
 * A text the standard fonts can print (they encode WinAnsi only): WinAnsi characters stay, lookalikes replace
 * the others (narrow and no-break spaces, hyphens, quotes, letters with accents WinAnsi lacks), anything else
 * (an emoji, a Chinese character, a control character) becomes one '?' per character as the reader sees it.
 * @example winAnsi('CMD\u202f42 🍷') // 'CMD 42 ?'
 */
export function winAnsi(text: string): string {
  if (ALL_WIN_ANSI.test(text)) return text;
  let out = '';
  for (const { segment } of graphemes.segment(text.normalize('NFC'))) {
    let printed = '';
    let unknown = false;
    for (const c of segment) {
      const w = winAnsiChar(c);
      if (w === null) unknown = true;
      else printed += w;
    }
    out += unknown ? '?' : printed;
  }
  return out;
}

/** Cuts a text to a width, with an ellipsis. */
function fit(font: PDFFont, text: string, size: number, width: number) {
  let t = winAnsi(text);
  if (font.widthOfTextAtSize(t, size) <= width) return t;
  while (t.length > 1 && font.widthOfTextAtSize(`${t}…`, size) > width) t = t.slice(0, -1);
  return `${t}…`;
}

const addressLines = (a: Order['recipient']) =>
  a
    ? [
        a.company,
        a.name,
        a.street,
        a.details,
        [a.postcode, a.city].filter(Boolean).join(' '),
        a.country,
        [a.phone, a.email].filter(Boolean).join(' · '),
      ].filter((l): l is string => Boolean(l))
    : [];

/** Printable ASCII: what a Code 128 reads back as it was written, and what a PDF literal string holds as it is. */
const ASCII = /^[\x20-\x7e]+$/;

/**
 * The Code 128 of a reference, as a PNG (bwip-js renders the bars; pdf-lib embeds them); none when the reference
 * holds a character a scanner would not read back (an accent, a narrow space) or the bars cannot be drawn: the
 * document is better without a barcode than with a wrong one, or not at all.
 */
async function barcode(reference: string): Promise<Uint8Array | null> {
  if (!ASCII.test(reference)) return null;
  try {
    const { code128 } = await import('@bwip-js/node');
    return await code128({ bcid: 'code128', text: reference, scale: 3, height: 12, includetext: false });
  } catch {
    return null;
  }
}

/** The document's file name: the order reference (spec 2 §7), safe for a Content-Disposition header. */
export const pdfFilename = (o: Pick<Order, 'reference' | 'id'>) =>
  `${(o.reference || o.id).replace(/[^\w.-]+/g, '_')}.pdf`;

export const isPdfAvailable = (o: Pick<Order, 'statusCode'>) => orderRules.isPdfAvailable(o.statusCode);

/** Once shipped (070) the document is the delivery note: what left, how, under which excise document. */
export const isDeliveryNote = (o: Pick<Order, 'statusCode'>) => orderRules.showsPacking(o.statusCode);

/** The packings counted by support (CARTON, PALETTE…), in the order they first appear, with their weight. */
export function supportSummary(packings: Order['packings']) {
  const bySupport = new Map<string, { support: string; count: number; weight: number; quantity: number }>();
  for (const p of packings) {
    const row = bySupport.get(p.support) ?? { support: p.support, count: 0, weight: 0, quantity: 0 };
    row.count += 1;
    row.weight += p.weight;
    row.quantity += p.quantity;
    bySupport.set(p.support, row);
  }
  return [...bySupport.values()];
}

/** A delivery note lists its packings one by one up to this many; beyond, it counts them by support only. */
export const SSCC_LIST_MAX = 20;

/** A text cut into lines of a width: at spaces, inside a word (a URL) only when it is wider than the line. */
function wrap(font: PDFFont, text: string, size: number, width: number): string[] {
  const fits = (s: string) => font.widthOfTextAtSize(s, size) <= width;
  const out: string[] = [];
  for (const paragraph of text.split(/\r\n|[\n\r\v\f\u0085\u2028\u2029]/)) {
    let line = '';
    for (const word of winAnsi(paragraph).split(' ')) {
      const joined = line ? `${line} ${word}` : word;
      if (fits(joined)) {
        line = joined;
        continue;
      }
      if (line) out.push(line);
      line = word;
      while (line.length > 1 && !fits(line)) {
        // The longest start of the word that fits (at least one character), found by halves.
        let [lo, hi] = [1, line.length - 1];
        while (lo < hi) {
          const mid = Math.ceil((lo + hi) / 2);
          if (fits(line.slice(0, mid))) lo = mid;
          else hi = mid - 1;
        }
        out.push(line.slice(0, lo));
        line = line.slice(lo);
      }
    }
    out.push(line);
  }
  return out;
}

interface Column {
  title: readonly string[];
  w: number;
  right?: boolean;
}

/**
 * Builds the document of one order: its order form until it ships, its delivery note once shipped (070).
 * @example const bytes = await orderPdf(order, parties, 'fr');
 */
export async function orderPdf(o: Order, parties: DocumentParties, lang: Language): Promise<Uint8Array> {
  const { PDFDict, PDFDocument, PDFHexString, PDFName, PDFString, StandardFonts, rgb } = await import('pdf-lib');
  const t = TEXTS[lang];
  const note = isDeliveryNote(o);
  const title = `${note ? t.noteTitle : t.title} ${o.reference}`;
  const numbers = new Intl.NumberFormat(lang === 'fr' ? 'fr-FR' : 'en-GB', { maximumFractionDigits: 2 });
  const num = (n: number) => numbers.format(n);
  const doc = await PDFDocument.create();
  doc.setTitle(title);
  doc.setCreator('Cellar');
  // The reference in plain text in the document's information (the title is UTF-16): tools and tests find it there.
  const info = doc.context.lookup(doc.context.trailerInfo.Info);
  if (info instanceof PDFDict) {
    const plain = ASCII.test(o.reference) && !/[()\\]/.test(o.reference);
    info.set(PDFName.of('Reference'), plain ? PDFString.of(o.reference) : PDFHexString.fromText(o.reference));
  }
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  const grey = rgb(0.45, 0.45, 0.45);
  const pages: PDFPage[] = [];
  let page = doc.addPage(A4);
  pages.push(page);
  let y = A4[1] - MARGIN;
  const RIGHT_EDGE = A4[0] - MARGIN;

  const text = (s: string, x: number, size = 9, f = font, width = RIGHT_EDGE - x) =>
    page.drawText(fit(f, s, size, width), { x, y, size, font: f });
  /** A text aligned on the right of a cell. */
  const textRight = (s: string, x: number, width: number, size = 8, f = font) => {
    const cut = fit(f, s, size, width);
    page.drawText(cut, { x: x + width - f.widthOfTextAtSize(cut, size), y, size, font: f });
  };
  const rule = (at: number) =>
    page.drawLine({ start: { x: MARGIN, y: at }, end: { x: RIGHT_EDGE, y: at }, thickness: 0.5, color: grey });
  /** Starts a new page when less than `needed` is left on this one, then draws `header` (a table's titles) there. */
  const ensure = (needed: number, header?: () => void) => {
    if (y - needed >= MARGIN + 20) return;
    page = doc.addPage(A4);
    pages.push(page);
    y = A4[1] - MARGIN;
    header?.();
  };
  /** A text over as many lines as it takes, each on the page that has room for it. */
  const paragraph = (s: string, x: number, size = 9, f = font, width = RIGHT_EDGE - x) => {
    for (const l of wrap(f, s, size, width)) {
      ensure(ROW);
      text(l, x, size, f, width);
      y -= ROW;
    }
  };
  /** A section's title, kept on the page of what follows it (`after`: the height of its first rows). */
  const heading = (s: string, after = ROW) => {
    ensure(ROW + 2 + after);
    text(s, MARGIN, 10, bold);
    y -= ROW + 2;
  };
  /**
   * A table: its titles (repeated at the top of every page it runs onto), then a row per item. A row's cells are
   * texts; `strong` cells are bold.
   */
  const table = (columns: readonly Column[], rows: Iterable<{ cells: string[]; strong?: readonly boolean[] }>) => {
    // A text column after a number column stands further off: the number ends where the text would begin.
    const xs: number[] = [];
    let x = MARGIN;
    columns.forEach((c, i) => {
      if (i > 0 && columns[i - 1]?.right && !c.right) x += 8;
      xs.push(x);
      x += c.w + 4;
    });
    const titleLines = Math.max(...columns.map((c) => c.title.length));
    const header = () => {
      for (let l = 0; l < titleLines; l++) {
        columns.forEach((c, i) => {
          const s = c.title[l - (titleLines - c.title.length)];
          if (s === undefined) return;
          if (c.right) textRight(s, xs[i] ?? MARGIN, c.w, 8, bold);
          else text(s, xs[i] ?? MARGIN, 8, bold, c.w);
        });
        y -= 10;
      }
      y += 6;
      rule(y);
      y -= ROW - 2;
    };
    ensure(titleLines * 10 + ROW * 2);
    header();
    for (const row of rows) {
      ensure(ROW, header);
      row.cells.forEach((v, i) => {
        const c = columns[i];
        if (!c) return;
        const f = row.strong?.[i] ? bold : font;
        if (c.right) textRight(v, xs[i] ?? MARGIN, c.w, 8, f);
        else text(v, xs[i] ?? MARGIN, 8, f, c.w);
      });
      y -= ROW;
    }
    return { xs };
  };
  /** A total under a table: a rule, then the texts in bold in the table's columns. */
  const totalRow = (columns: readonly Column[], xs: number[], cells: (string | null)[]) => {
    ensure(ROW * 2);
    rule(y + ROW - 3);
    cells.forEach((v, i) => {
      const c = columns[i];
      if (!c || v === null) return;
      if (c.right) textRight(v, xs[i] ?? MARGIN, c.w, 8, bold);
      else text(v, xs[i] ?? MARGIN, 8, bold, i === 0 ? 250 : c.w);
    });
    y -= ROW * 2;
  };

  // Header: provider on the left, owner on the right, then the title and the barcode.
  text(parties.provider.name, MARGIN, 12, bold, 250);
  text(`${t.owner}${t.colon}${parties.owner.name} (${parties.owner.code})`, 320, 9, bold, 235);
  y -= ROW;
  for (let i = 0; i < Math.max(parties.provider.lines.length, parties.owner.lines.length); i++) {
    text(parties.provider.lines[i] ?? '', MARGIN, 8, font, 250);
    text(parties.owner.lines[i] ?? '', 320, 8, font, 235);
    y -= 11;
  }
  y -= 14;
  text(title, MARGIN, 16, bold, 300);
  const bars = await barcode(o.reference || o.id);
  const png = bars ? await doc.embedPng(bars) : null;
  const bw = png ? Math.min(200, png.width / 2) : 0;
  const bh = png ? (png.height / png.width) * bw : 0;
  if (png) page.drawImage(png, { x: RIGHT_EDGE - bw, y: y - bh + 14, width: bw, height: bh });
  y -= 20;
  text(
    `${t.status}${t.colon}${statusText(o.statusCode, lang)}   ${t.segment}${t.colon}${o.segment ?? '-'}`,
    MARGIN,
    9,
    font,
    300,
  );
  y -= Math.max(ROW, bh - 20) + 10;

  // Recipient and delivery, side by side.
  const left = [`${t.recipient}`, ...addressLines(o.recipient)];
  const managedByProvider = o.pickupManagedByProduct === 1;
  const right = [
    t.delivery,
    o.recipientReference ? `${t.recipientReference}${t.colon}${o.recipientReference}` : '',
    o.groupingNumber ? `${t.groupingNumber}${t.colon}${o.groupingNumber}` : '',
    o.segment === 'B2B' ? `${t.pickup}${t.colon}${managedByProvider ? t.byProvider : t.byClient}` : '',
    o.segment === 'B2B' && !managedByProvider ? `${t.label}${t.colon}${o.shippingLabelRequired ? t.yes : t.no}` : '',
    o.segment === 'B2B' && !managedByProvider
      ? `${t.pickupDate}${t.colon}${dateText(o.pickupDate, lang)}`
      : `${t.deliveryDate}${t.colon}${dateText(o.deliveryDate, lang)}`,
    o.carrier
      ? `${t.carrier}${t.colon}${o.carrier.name}${o.service ? ` – ${o.service.code} ${o.service.name}` : ''}`
      : '',
    o.warehouse ? `${t.warehouse}${t.colon}${o.warehouse.name}` : '',
  ].filter(Boolean);
  for (let i = 0; i < Math.max(left.length, right.length); i++) {
    text(left[i] ?? '', MARGIN, 9, i === 0 ? bold : font, 250);
    text(right[i] ?? '', 320, 9, i === 0 ? bold : font, 235);
    y -= ROW;
  }
  y -= 10;

  // The delivery note: when and where the goods left, under which excise document, and how to follow them.
  const f = o.fulfilment;
  const shipment = note
    ? [
        f.shippedAt ? `${t.shippedAt}${t.colon}${dateText(f.shippedAt, lang)}` : '',
        o.exitPoint ? `${t.exitPoint}${t.colon}${o.exitPoint}` : '',
        f.exciseDocument ? `${t.exciseDocument}${t.colon}${f.exciseDocument}` : '',
        ...f.trackingNumbers.map((n) => `${t.tracking}${t.colon}${n.number}${n.url ? ` – ${n.url}` : ''}`),
      ].filter(Boolean)
    : [];
  if (shipment.length) {
    heading(t.shipment);
    for (const s of shipment) paragraph(s, MARGIN);
    y -= 10;
  }

  // The lines: ordered on the order form; shipped on the delivery note, with the ordered quantity beside it
  // when a line did not ship as ordered.
  const lines = o.stocks ?? [];
  const shippedOf = (l: (typeof lines)[number]) => (note ? shippedQuantity(l) : l.ordered);
  const short = note && lines.some((l) => shippedOf(l) !== l.ordered);
  const columns: Column[] = [
    { title: [t.code], w: short ? 56 : 64 },
    { title: [t.product], w: short ? 130 : 168 },
    { title: [t.batch], w: short ? 58 : 68 },
    { title: [t.ubd], w: short ? 48 : 52 },
    { title: [t.bbd], w: short ? 48 : 52 },
    { title: note ? t.shippedCartons : t.cartons, w: short ? 38 : 40, right: true },
    ...(short ? [{ title: t.orderedBottles, w: 52, right: true }] : []),
    { title: note ? t.shippedBottles : t.bottles, w: short ? 50 : 47, right: true },
  ];
  const pcbOf = (l: (typeof lines)[number]) => (l.product.pcb && l.product.pcb > 0 ? l.product.pcb : null);
  const cartonsOf = (l: (typeof lines)[number]) => {
    const pcb = pcbOf(l);
    return pcb ? Math.ceil(shippedOf(l) / pcb) : 0;
  };
  const rows = function* () {
    for (const l of lines) {
      const quantity = shippedOf(l);
      const cells = [
        l.product.code,
        l.product.label,
        l.batch ?? '',
        l.ubd ? dateText(l.ubd, lang) : '',
        l.bbd ? dateText(l.bbd, lang) : '',
        pcbOf(l) ? num(cartonsOf(l)) : '-',
        ...(short ? [num(l.ordered)] : []),
        num(quantity),
      ];
      // A line that did not ship as ordered shows its shipped quantity in bold.
      yield { cells, strong: cells.map((_, i) => quantity !== l.ordered && i === cells.length - 1) };
    }
  };
  const { xs } = table(columns, rows());
  totalRow(columns, xs, [
    `${t.totals}${t.colon}${num(lines.length)} ${lines.length === 1 ? t.line : t.lines}`,
    null,
    null,
    null,
    null,
    num(lines.reduce((n, l) => n + cartonsOf(l), 0)),
    ...(short ? [num(lines.reduce((n, l) => n + l.ordered, 0))] : []),
    num(lines.reduce((n, l) => n + shippedOf(l), 0)),
  ]);

  for (const [label, value] of [
    [t.deliveryComment, o.deliveryComment],
    [t.preparationComment, o.preparationComment],
  ] as const) {
    if (!value) continue;
    ensure(ROW * 2);
    text(label, MARGIN, 9, bold);
    y -= ROW;
    paragraph(value, MARGIN);
    y -= 4;
  }

  // The packing: counted by support; listed by SSCC as well while the list is short.
  if (note && o.packings.length) {
    y -= 6;
    heading(t.packings, ROW * 3);
    const summary = supportSummary(o.packings);
    const summaryColumns: Column[] = [
      { title: [t.support], w: 110 },
      { title: [t.count], w: 60, right: true },
      { title: [t.weight], w: 70, right: true },
      { title: t.bottles, w: 60, right: true },
    ];
    const sums = table(
      summaryColumns,
      summary.map((r) => ({ cells: [r.support, num(r.count), num(r.weight), num(r.quantity)] })),
    );
    if (summary.length > 1) {
      totalRow(summaryColumns, sums.xs, [
        t.totals,
        num(o.packings.length),
        num(summary.reduce((n, r) => n + r.weight, 0)),
        num(summary.reduce((n, r) => n + r.quantity, 0)),
      ]);
    } else y -= 6;
    if (o.packings.length <= SSCC_LIST_MAX) {
      table(
        [
          { title: ['SSCC'], w: 110 },
          { title: [t.support], w: 60 },
          { title: [t.weight], w: 56, right: true },
          { title: t.bottles, w: 50, right: true },
          { title: [t.product], w: 215 },
        ],
        o.packings.map((p) => ({
          cells: [
            p.sscc,
            p.support,
            num(p.weight),
            num(p.quantity),
            p.details.map((d) => `${d.productCode} ${d.batch ?? ''}`.trim()).join(', '),
          ],
        })),
      );
    } else paragraph(t.ssccOmitted(num(o.packings.length)), MARGIN, 8);
  }

  pages.forEach((p, i) => {
    p.drawText(fit(font, `${title} · ${t.page} ${i + 1}/${pages.length}`, 7, RIGHT_EDGE - MARGIN), {
      x: MARGIN,
      y: MARGIN - 15,
      size: 7,
      font,
      color: grey,
    });
  });
  return doc.save({ useObjectStreams: false });
}
