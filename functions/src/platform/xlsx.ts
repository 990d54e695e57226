/**
 * The XLSX writer: ExcelJS's streaming workbook, one sheet, the header row frozen, each row written and committed
 * as it comes (inline strings, no shared-string table), so that a million-row file never stands in memory. Cells
 * are typed by the one rule both writers follow (`sheetValue`): numbers, dates (with a date format in the
 * requester's language), text; a text is never a formula. Loaded by the first XLSX export only: its writer is
 * 60 ms of CPU to load, which no CSV export or other route pays.
 */
import type { Writable } from 'node:stream';
import { DateCell, SHEET_DATE_FORMATS, sheetValue } from '@cellar/shared/csv/columns';
import { type CsvColumn, columnValue } from '@cellar/shared/csv/write';
import type { Language } from '@cellar/shared/i18n/messages';
import type { stream } from 'exceljs';
// Only the streaming writer, not the whole library (its reader and its zip reader): half of ExcelJS's start.
import WorkbookWriter from 'exceljs/lib/stream/xlsx/workbook-writer.js';
import { drained, untilBroken } from './export-sink';

/** Rows written between two checks of the destination's backpressure. */
const ROWS_PER_CHECK = 500;
/** A column's width, in characters. */
const WIDTH = 20;

/** Writes the rows into `sink` as an XLSX workbook and ends it; answers the data rows written. */
export async function writeXlsx(
  pages: AsyncIterable<readonly unknown[]>,
  columns: readonly CsvColumn[],
  lang: Language,
  sink: Writable,
  sheetName: string,
): Promise<number> {
  // A destination that breaks (the upload failed) ends the writing with its error rather than leaving it waiting.
  const broken = untilBroken(sink);
  const book: stream.xlsx.WorkbookWriter = new WorkbookWriter({
    stream: sink,
    useStyles: true,
    useSharedStrings: false,
  });
  const sheet = book.addWorksheet(sheetName.slice(0, 31), { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = columns.map(() => ({ width: WIDTH }));
  const head = sheet.addRow(columns.map((c) => c.header));
  head.font = { bold: true };
  head.commit();
  const formats = SHEET_DATE_FORMATS[lang];
  let rows = 0;
  for await (const page of pages) {
    for (const record of page) {
      const values = columns.map((c) => sheetValue(columnValue(record, c)));
      const row = sheet.addRow(values.map((v) => (v instanceof DateCell ? v.wall : v)));
      values.forEach((v, i) => {
        if (v instanceof DateCell) row.getCell(i + 1).numFmt = v.time ? formats.time : formats.day;
      });
      row.commit();
      rows += 1;
      if (rows % ROWS_PER_CHECK === 0) await Promise.race([drained(sink), broken]);
    }
    await Promise.race([drained(sink), broken]);
  }
  await Promise.race([book.commit(), broken]);
  return rows;
}
