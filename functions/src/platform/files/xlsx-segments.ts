/**
 * The XLSX writer: a workbook of one sheet written as a ZIP whose sheet is streamed in segments that a new
 * invocation can go on from, so that a background export longer than its function's timeout continues elsewhere.
 * Cells are typed by the one rule both formats follow (`sheetValue`): numbers, dates (with a date format in the
 * requester's language), text as inline strings (a text is never a formula); the header row is bold and frozen.
 *
 * How a file is resumed: the sheet is the ZIP's first entry, its sizes and checksum in a data descriptor after its
 * data. Each page's XML is deflated on its own and sync-flushed (a byte-aligned segment, no final block), so that
 * segments made by different invocations join into one valid deflate stream (as parallel gzip writers do); the
 * sheet's CRC-32 runs on from its last value. What an invocation hands on is four numbers.
 *
 * ```
 * [local header, sheet] [seg][seg]…[seg] | invocation 2: [seg]…[seg] | … [last seg, final] [descriptor]
 *                                        [styles, workbook, rels, content types] [central directory] [end]
 * ```
 */
import { constants, crc32, deflateRawSync } from 'node:zlib';
import { DateCell, SHEET_DATE_FORMATS, type SheetValue, sheetValue } from '@cellar/shared/csv/columns';
import { type CsvColumn, columnValue } from '@cellar/shared/csv/write';
import type { Language } from '@cellar/shared/i18n/messages';
import * as z from 'zod';
import { InvalidError } from '../../errors';
import type { ExportWrite, FileSegments } from './file-segments';

/** The most rows a sheet holds (Excel's limit), the header included. */
export const SHEET_MAX_ROWS = 1_048_576;
/** What a ZIP entry without ZIP64 may measure. */
const ZIP32_MAX = 0xffff_ffff;
/** A column's width, in characters. */
const WIDTH = 20;
const SHEET = 'xl/worksheets/sheet1.xml';

/** Where a sheet's writing stands between two invocations. */
const stateSchema = z.object({
  crc: z.number().int().nonnegative(),
  size: z.number().int().nonnegative(),
  compressed: z.number().int().nonnegative(),
  /** The sheet row the next record is written on. */
  row: z.number().int().positive(),
});
type SheetState = z.infer<typeof stateSchema>;

const XML_HEAD = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';
const MAIN = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const REL = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const PKG_REL = 'http://schemas.openxmlformats.org/package/2006/relationships';

/** Styles: 0 plain, 1 bold (the header), 2 a day, 3 a day and time. */
const BOLD = 1;
const DAY = 2;
const TIME = 3;

// Characters XML 1.0 cannot hold (controls other than tab and line breaks, lone surrogates, U+FFFE/U+FFFF).
const NOT_XML =
  // biome-ignore lint/suspicious/noControlCharactersInRegex: these are the characters it removes.
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

const escapeXml = (s: string) =>
  s.replace(NOT_XML, '').replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** 'A', 'B', … 'Z', 'AA', … */
function columnName(index: number): string {
  let name = '';
  for (let n = index + 1; n > 0; n = Math.floor((n - 1) / 26)) name = String.fromCharCode(65 + ((n - 1) % 26)) + name;
  return name;
}

/** A date's serial number in the 1900 date system: the wall time the cell shows. */
const serial = (wall: Date) => wall.getTime() / 86_400_000 + 25_569;

function cellXml(ref: string, value: SheetValue, style?: number): string {
  if (value === null) return '';
  if (value instanceof DateCell) return `<c r="${ref}" s="${value.time ? TIME : DAY}"><v>${serial(value.wall)}</v></c>`;
  if (typeof value === 'number') return `<c r="${ref}"><v>${value}</v></c>`;
  const s = style ? ` s="${style}"` : '';
  return `<c r="${ref}"${s} t="inlineStr"><is><t xml:space="preserve">${escapeXml(value)}</t></is></c>`;
}

function rowXml(row: number, values: readonly SheetValue[], style?: number): string {
  let cells = '';
  values.forEach((v, i) => {
    cells += cellXml(`${columnName(i)}${row}`, v, style);
  });
  return `<row r="${row}">${cells}</row>`;
}

function sheetHead(columns: readonly CsvColumn[]): string {
  const last = Math.max(1, columns.length);
  return (
    `${XML_HEAD}<worksheet xmlns="${MAIN}" xmlns:r="${REL}">` +
    '<sheetViews><sheetView workbookViewId="0">' +
    '<pane ySplit="1" topLeftCell="A2" activePane="bottomLeft" state="frozen"/>' +
    '</sheetView></sheetViews><sheetFormatPr defaultRowHeight="15"/>' +
    `<cols><col min="1" max="${last}" width="${WIDTH}" customWidth="1"/></cols><sheetData>` +
    rowXml(
      1,
      columns.map((c) => c.header),
      BOLD,
    )
  );
}

const SHEET_END = '</sheetData></worksheet>';

function stylesXml(lang: Language): string {
  const f = SHEET_DATE_FORMATS[lang];
  return (
    `${XML_HEAD}<styleSheet xmlns="${MAIN}">` +
    `<numFmts count="2"><numFmt numFmtId="164" formatCode="${escapeXml(f.day)}"/>` +
    `<numFmt numFmtId="165" formatCode="${escapeXml(f.time)}"/></numFmts>` +
    '<fonts count="2"><font><sz val="11"/><name val="Calibri"/></font>' +
    '<font><b/><sz val="11"/><name val="Calibri"/></font></fonts>' +
    '<fills count="2"><fill><patternFill patternType="none"/></fill><fill><patternFill patternType="gray125"/></fill></fills>' +
    '<borders count="1"><border><left/><right/><top/><bottom/><diagonal/></border></borders>' +
    '<cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs>' +
    '<cellXfs count="4"><xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0"/>' +
    '<xf numFmtId="0" fontId="1" fillId="0" borderId="0" xfId="0" applyFont="1"/>' +
    '<xf numFmtId="164" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/>' +
    '<xf numFmtId="165" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/></cellXfs>' +
    '<cellStyles count="1"><cellStyle name="Normal" xfId="0" builtinId="0"/></cellStyles>' +
    '</styleSheet>'
  );
}

/** The workbook's other parts, small and written whole at the end. */
function otherParts(sheetName: string, lang: Language): [string, string][] {
  return [
    ['xl/styles.xml', stylesXml(lang)],
    [
      'xl/workbook.xml',
      `${XML_HEAD}<workbook xmlns="${MAIN}" xmlns:r="${REL}"><bookViews><workbookView/></bookViews>` +
        `<sheets><sheet name="${escapeXml(sheetName)}" sheetId="1" r:id="rId1"/></sheets></workbook>`,
    ],
    [
      'xl/_rels/workbook.xml.rels',
      `${XML_HEAD}<Relationships xmlns="${PKG_REL}">` +
        `<Relationship Id="rId1" Type="${REL}/worksheet" Target="worksheets/sheet1.xml"/>` +
        `<Relationship Id="rId2" Type="${REL}/styles" Target="styles.xml"/></Relationships>`,
    ],
    [
      '_rels/.rels',
      `${XML_HEAD}<Relationships xmlns="${PKG_REL}">` +
        `<Relationship Id="rId1" Type="${REL}/officeDocument" Target="xl/workbook.xml"/></Relationships>`,
    ],
    [
      '[Content_Types].xml',
      `${XML_HEAD}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">` +
        '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>' +
        '<Default Extension="xml" ContentType="application/xml"/>' +
        '<Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>' +
        '<Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>' +
        '<Override PartName="/xl/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.styles+xml"/>' +
        '</Types>',
    ],
  ];
}

/** 1980-01-01 00:00 in MS-DOS time and date: the entries carry no time of their own. */
const DOS_TIME = 0;
const DOS_DATE = (0 << 9) | (1 << 5) | 1;
/** General purpose flags: bit 3, sizes and CRC in a data descriptor after the data. */
const WITH_DESCRIPTOR = 0x0008;

interface Entry {
  name: string;
  flags: number;
  crc: number;
  compressed: number;
  size: number;
  offset: number;
}

function localHeader(e: Omit<Entry, 'offset'>): Buffer {
  const name = Buffer.from(e.name, 'utf8');
  const b = Buffer.alloc(30);
  b.writeUInt32LE(0x04034b50, 0);
  b.writeUInt16LE(20, 4);
  b.writeUInt16LE(e.flags, 6);
  b.writeUInt16LE(8, 8);
  b.writeUInt16LE(DOS_TIME, 10);
  b.writeUInt16LE(DOS_DATE, 12);
  b.writeUInt32LE(e.crc, 14);
  b.writeUInt32LE(e.compressed, 18);
  b.writeUInt32LE(e.size, 22);
  b.writeUInt16LE(name.length, 26);
  b.writeUInt16LE(0, 28);
  return Buffer.concat([b, name]);
}

function centralHeader(e: Entry): Buffer {
  const name = Buffer.from(e.name, 'utf8');
  const b = Buffer.alloc(46);
  b.writeUInt32LE(0x02014b50, 0);
  b.writeUInt16LE(20, 4);
  b.writeUInt16LE(20, 6);
  b.writeUInt16LE(e.flags, 8);
  b.writeUInt16LE(8, 10);
  b.writeUInt16LE(DOS_TIME, 12);
  b.writeUInt16LE(DOS_DATE, 14);
  b.writeUInt32LE(e.crc, 16);
  b.writeUInt32LE(e.compressed, 20);
  b.writeUInt32LE(e.size, 24);
  b.writeUInt16LE(name.length, 28);
  // Extra field, comment, disk, internal and external attributes: none.
  b.writeUInt32LE(e.offset, 42);
  return Buffer.concat([b, name]);
}

function endOfDirectory(entries: number, size: number, offset: number): Buffer {
  const b = Buffer.alloc(22);
  b.writeUInt32LE(0x06054b50, 0);
  b.writeUInt16LE(entries, 8);
  b.writeUInt16LE(entries, 10);
  b.writeUInt32LE(size, 12);
  b.writeUInt32LE(offset, 16);
  return b;
}

/**
 * The XLSX file's segment writer, new or going on from the state a paused one left (`pause`). A sheet past
 * Excel's row limit, or past what a ZIP entry without ZIP64 holds, is an error rather than a broken file.
 */
export function xlsxSegments(file: ExportWrite, saved?: unknown): FileSegments {
  const state: SheetState = saved ? stateSchema.parse(saved) : { crc: 0, size: 0, compressed: 0, row: 1 };
  const header = localHeader({ name: SHEET, flags: WITH_DESCRIPTOR, crc: 0, compressed: 0, size: 0 });

  /** The XML deflated as a segment that the next one can follow (`last`: the stream's final block). */
  const deflate = (xml: string, last = false): Buffer => {
    const raw = Buffer.from(xml, 'utf8');
    state.crc = crc32(raw, state.crc);
    state.size += raw.length;
    const out = deflateRawSync(raw, last ? {} : { finishFlush: constants.Z_SYNC_FLUSH });
    state.compressed += out.length;
    if (state.size > ZIP32_MAX || header.length + state.compressed > ZIP32_MAX) {
      throw new Error('The workbook is larger than a ZIP entry without ZIP64 holds (4 GB)');
    }
    return out;
  };

  return {
    async start() {
      state.row = 2;
      return Buffer.concat([header, deflate(sheetHead(file.columns))]);
    },
    async rows(records) {
      if (state.row - 1 + records.length > SHEET_MAX_ROWS) {
        // The requester's to mend (CSV, or a narrower list): the job ends failed with the reason, not retried.
        throw new InvalidError({ output: ['api.sheet_too_long'] }, 'api.sheet_too_long', {
          max: (SHEET_MAX_ROWS - 1).toLocaleString(file.lang === 'fr' ? 'fr-FR' : 'en'),
        });
      }
      let xml = '';
      for (const record of records) {
        xml += rowXml(
          state.row,
          file.columns.map((c) => sheetValue(columnValue(record, c))),
        );
        state.row += 1;
      }
      return xml ? deflate(xml) : Buffer.alloc(0);
    },
    async pause() {
      return { bytes: Buffer.alloc(0), state: { ...state } };
    },
    async end() {
      const data = deflate(SHEET_END, true);
      const descriptor = Buffer.alloc(16);
      descriptor.writeUInt32LE(0x08074b50, 0);
      descriptor.writeUInt32LE(state.crc, 4);
      descriptor.writeUInt32LE(state.compressed, 8);
      descriptor.writeUInt32LE(state.size, 12);
      const entries: Entry[] = [{ name: SHEET, flags: WITH_DESCRIPTOR, ...state, offset: 0 }];
      const out: Buffer[] = [data, descriptor];
      let offset = header.length + state.compressed + descriptor.length;
      for (const [name, xml] of otherParts(file.sheet.slice(0, 31), file.lang)) {
        const raw = Buffer.from(xml, 'utf8');
        const body = deflateRawSync(raw);
        const entry = { name, flags: 0, crc: crc32(raw), compressed: body.length, size: raw.length };
        const head = localHeader(entry);
        entries.push({ ...entry, offset });
        out.push(head, body);
        offset += head.length + body.length;
      }
      const directory = Buffer.concat(entries.map(centralHeader));
      out.push(directory, endOfDirectory(entries.length, directory.length, offset));
      return Buffer.concat(out);
    },
  };
}
