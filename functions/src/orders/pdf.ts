/**
 * The order document (issue 10, spec 2 §7): an A4 PDF built with pdf-lib, in the caller's language. Provider and
 * owner header, the reference as a Code 128 barcode (bwip-js), recipient, delivery, every line (product code,
 * label, batch, dates, cartons, bottles), totals, comments, and the packing list once the order is sent.
 * pdf-lib and bwip-js load with the first document: only this route pays for them.
 */
import { formatDate } from '@cellar/shared/csv/columns';
import { listText } from '@cellar/shared/i18n/list-texts';
import type { Language } from '@cellar/shared/i18n/messages';
import type { Order } from '@cellar/shared/orders/schemas';
import { ORDER_STATUS, orderRules } from '@cellar/shared/orders/status';
import type { PDFFont, PDFPage } from 'pdf-lib';

const TEXTS = {
  fr: {
    /** French puts a space before the colon. */
    colon: ' : ',
    title: 'Bon de commande',
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
    code: 'Code',
    product: 'Libellé',
    batch: 'Lot',
    ubd: 'DLC',
    bbd: 'DDM',
    cartons: 'Colis',
    bottles: 'Bouteilles',
    totals: 'Total',
    lines: 'lignes',
    deliveryComment: 'Commentaire de livraison',
    preparationComment: 'Commentaire de préparation',
    packings: 'Colisage',
    weight: 'Poids (kg)',
    support: 'Support',
    page: 'Page',
  },
  en: {
    colon: ': ',
    title: 'Order form',
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
    code: 'Code',
    product: 'Label',
    batch: 'Batch',
    ubd: 'UBD',
    bbd: 'BBD',
    cartons: 'Cartons',
    bottles: 'Bottles',
    totals: 'Total',
    lines: 'lines',
    deliveryComment: 'Delivery comment',
    preparationComment: 'Preparation comment',
    packings: 'Packing list',
    weight: 'Weight (kg)',
    support: 'Support',
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

/**
 * Builds the document of one order.
 * @example const bytes = await orderPdf(order, parties, 'fr');
 */
export async function orderPdf(o: Order, parties: DocumentParties, lang: Language): Promise<Uint8Array> {
  const { PDFDict, PDFDocument, PDFHexString, PDFName, PDFString, StandardFonts, rgb } = await import('pdf-lib');
  const t = TEXTS[lang];
  const doc = await PDFDocument.create();
  doc.setTitle(`${t.title} ${o.reference}`);
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

  const text = (s: string, x: number, size = 9, f = font, width = A4[0] - MARGIN - x) =>
    page.drawText(fit(f, s, size, width), { x, y, size, font: f });
  const newPageIfNeeded = (needed: number, header?: () => void) => {
    if (y - needed >= MARGIN + 20) return;
    page = doc.addPage(A4);
    pages.push(page);
    y = A4[1] - MARGIN;
    header?.();
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
  text(`${t.title} ${o.reference}`, MARGIN, 16, bold, 300);
  const bars = await barcode(o.reference || o.id);
  const png = bars ? await doc.embedPng(bars) : null;
  const bw = png ? Math.min(200, png.width / 2) : 0;
  const bh = png ? (png.height / png.width) * bw : 0;
  if (png) page.drawImage(png, { x: A4[0] - MARGIN - bw, y: y - bh + 14, width: bw, height: bh });
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

  // The lines.
  const columns = [
    { title: t.code, x: MARGIN, w: 70 },
    { title: t.product, x: MARGIN + 72, w: 170 },
    { title: t.batch, x: MARGIN + 245, w: 70 },
    { title: t.ubd, x: MARGIN + 318, w: 55 },
    { title: t.bbd, x: MARGIN + 375, w: 55 },
    { title: t.cartons, x: MARGIN + 432, w: 40 },
    { title: t.bottles, x: MARGIN + 474, w: 45 },
  ];
  const tableHeader = () => {
    for (const c of columns) text(c.title, c.x, 8, bold, c.w);
    y -= 4;
    page.drawLine({ start: { x: MARGIN, y }, end: { x: A4[0] - MARGIN, y }, thickness: 0.5, color: grey });
    y -= ROW - 2;
  };
  tableHeader();
  const lines = o.stocks ?? [];
  let bottles = 0;
  let cartons = 0;
  for (const l of lines) {
    newPageIfNeeded(ROW, tableHeader);
    const pcb = l.product.pcb && l.product.pcb > 0 ? l.product.pcb : null;
    const lineCartons = pcb ? Math.ceil(l.ordered / pcb) : 0;
    bottles += l.ordered;
    cartons += lineCartons;
    const cells = [
      l.product.code,
      l.product.label,
      l.batch ?? '',
      l.ubd ? dateText(l.ubd, lang) : '',
      l.bbd ? dateText(l.bbd, lang) : '',
      pcb ? String(lineCartons) : '-',
      String(l.ordered),
    ];
    cells.forEach((v, i) => {
      const c = columns[i];
      if (c) text(v, c.x, 8, font, c.w);
    });
    y -= ROW;
  }
  newPageIfNeeded(ROW * 2);
  page.drawLine({
    start: { x: MARGIN, y: y + ROW - 3 },
    end: { x: A4[0] - MARGIN, y: y + ROW - 3 },
    thickness: 0.5,
    color: grey,
  });
  text(`${t.totals}${t.colon}${lines.length} ${t.lines}`, MARGIN, 9, bold, 300);
  text(String(cartons), MARGIN + 432, 9, bold, 40);
  text(String(bottles), MARGIN + 474, 9, bold, 45);
  y -= ROW * 2;

  for (const [title, value] of [
    [t.deliveryComment, o.deliveryComment],
    [t.preparationComment, o.preparationComment],
  ] as const) {
    if (!value) continue;
    newPageIfNeeded(ROW * 2);
    text(title, MARGIN, 9, bold);
    y -= ROW;
    text(value, MARGIN, 9);
    y -= ROW + 4;
  }

  if (orderRules.showsPacking(o.statusCode) && o.packings.length) {
    const packingHeader = () => {
      text('SSCC', MARGIN, 8, bold, 120);
      text(t.support, MARGIN + 125, 8, bold, 60);
      text(t.weight, MARGIN + 190, 8, bold, 60);
      text(t.bottles, MARGIN + 255, 8, bold, 50);
      text(t.product, MARGIN + 310, 8, bold, 200);
      y -= ROW;
    };
    newPageIfNeeded(ROW * 3);
    text(t.packings, MARGIN, 10, bold);
    y -= ROW + 2;
    packingHeader();
    for (const p of o.packings) {
      newPageIfNeeded(ROW, packingHeader);
      text(p.sscc, MARGIN, 8, font, 120);
      text(p.support, MARGIN + 125, 8, font, 60);
      text(String(p.weight), MARGIN + 190, 8, font, 60);
      text(String(p.quantity), MARGIN + 255, 8, font, 50);
      text(p.details.map((d) => `${d.productCode} ${d.batch ?? ''}`.trim()).join(', '), MARGIN + 310, 8, font, 200);
      y -= ROW;
    }
  }

  pages.forEach((p, i) => {
    p.drawText(fit(font, `${t.page} ${i + 1}/${pages.length} · ${o.reference}`, 7, A4[0] - 2 * MARGIN), {
      x: MARGIN,
      y: MARGIN - 15,
      size: 7,
      font,
      color: grey,
    });
  });
  return doc.save({ useObjectStreams: false });
}
