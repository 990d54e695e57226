/**
 * The worker's reader of an uploaded file: the S3 object as a stream, decoded and parsed as it arrives (csv-parse's
 * streaming API with the options of the browser's whole-text reader, `IMPORT_PARSE_OPTIONS`), so that memory stays
 * flat whatever the file's size. The header check and the row mapping are the shared ones (`importHeaderPositions`,
 * `importRowOf`); the browser keeps its own synchronous reader of the same rules.
 *
 * The encoding is decided as `decodeImportFile` decides it, on the whole file: UTF-8 when every byte is valid
 * UTF-8, else Windows-1252. The worker's first pass (`surveyImportFile`) reads the file in UTF-8 with a fatal
 * decoder and starts again in Windows-1252 at the first invalid byte; the second pass reads it in the encoding the
 * first one found.
 */
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { IMPORT_PARSE_OPTIONS, importHeaderPositions, importRowOf } from '@cellar/shared/imports/file';
import { OrderGroups } from '@cellar/shared/imports/orders';
import {
  fileKeyOf,
  IMPORT_MESSAGES,
  ImportFileError,
  type ImportRow,
  type ImportTemplateName,
  uniqueKeyOf,
} from '@cellar/shared/imports/templates';
import { parse } from 'csv-parse';

export type ImportEncoding = 'utf-8' | 'windows-1252';

/** The object's bytes, as many times as a pass needs them (a GetObject each). */
export type ByteSource = () => Promise<AsyncIterable<Uint8Array>>;

/** Thrown by the fatal UTF-8 decoder: the file is not UTF-8. */
class NotUtf8 extends Error {}

function decoder(encoding: ImportEncoding): Transform {
  const text = new TextDecoder(encoding, { fatal: encoding === 'utf-8' });
  const decode = (bytes?: Uint8Array) => {
    try {
      return bytes ? text.decode(bytes, { stream: true }) : text.decode();
    } catch {
      throw new NotUtf8();
    }
  };
  return new Transform({
    decodeStrings: false,
    transform(chunk: Uint8Array, _encoding, done) {
      try {
        done(null, decode(chunk));
      } catch (e) {
        done(e as Error);
      }
    },
    flush(done) {
      try {
        done(null, decode());
      } catch (e) {
        done(e as Error);
      }
    },
  });
}

/**
 * The file's records (header first), parsed as the bytes arrive. Backpressure holds the download while the caller
 * works on a chunk of rows. A file that cannot be parsed is ImportFileError('import.read_failure').
 */
export async function* importRecords(source: ByteSource, encoding: ImportEncoding): AsyncGenerator<string[]> {
  const parser = parse({ ...IMPORT_PARSE_OPTIONS });
  const body = await source();
  let pipeError: unknown;
  let readError: unknown;
  const piped = pipeline(body, decoder(encoding), parser).catch((e) => {
    pipeError = e;
  });
  try {
    for await (const record of parser) yield record as string[];
  } catch (e) {
    readError = e;
  } finally {
    // A caller that stops early (a header that is not the template's) ends the download.
    if (!parser.destroyed) parser.destroy();
    await piped;
  }
  // The decoder's own error first: the parser only saw its stream end early.
  const failure = pipeError instanceof NotUtf8 ? pipeError : (readError ?? pipeError);
  if (failure instanceof NotUtf8) throw failure;
  if (failure && !isPrematureClose(failure)) throw new ImportFileError(IMPORT_MESSAGES.readFailure);
}

const isPrematureClose = (e: unknown) => (e as { code?: string }).code === 'ERR_STREAM_PREMATURE_CLOSE';

/** The file's rows keyed by the template's labels, numbered from 1 (the header not counted). */
export async function* importRows(
  source: ByteSource,
  encoding: ImportEncoding,
  header: readonly string[],
): AsyncGenerator<{ row: number; cells: ImportRow; line: string[] }> {
  let positions: number[] | undefined;
  let row = 0;
  for await (const line of importRecords(source, encoding)) {
    if (!positions) {
      positions = importHeaderPositions(line, header);
      continue;
    }
    row += 1;
    yield { row, cells: importRowOf(line, header, positions), line };
  }
  if (!positions) importHeaderPositions(undefined, header);
}

export interface ImportSurvey {
  encoding: ImportEncoding;
  /** Data rows in the file. */
  rows: number;
  /** Values of the unique key found on more than one row (lower case): every row holding one is refused. */
  duplicates: Set<string>;
  /** Order imports: the file's orders (where each ends, what is wrong with one as a whole). */
  orders: OrderGroups;
}

/**
 * The first pass over the file: its encoding, its header checked, its rows counted (empty, or over `maxRows`, is the
 * whole file refused, as the upload refuses it), and the values of its unique key that repeat. Only the set of the
 * unique values seen grows with the rows (and, for orders, a small record per order).
 */
export async function surveyImportFile(
  source: ByteSource,
  template: ImportTemplateName,
  header: readonly string[],
  maxRows: number,
): Promise<ImportSurvey> {
  for (const encoding of ['utf-8', 'windows-1252'] as const) {
    const seen = new Set<string>();
    const duplicates = new Set<string>();
    const orders = new OrderGroups();
    let rows = 0;
    try {
      for await (const { row, cells } of importRows(source, encoding, header)) {
        rows += 1;
        if (rows > maxRows) throw new ImportFileError(IMPORT_MESSAGES.tooManyRows, { max: maxRows });
        if (template === 'order') orders.add(row, cells);
        const value = fileKeyOf(cells, uniqueKeyOf(template));
        if (!value) continue;
        if (seen.has(value)) duplicates.add(value);
        else seen.add(value);
      }
    } catch (e) {
      if (e instanceof NotUtf8) continue;
      throw e;
    }
    if (!rows) throw new ImportFileError(IMPORT_MESSAGES.empty);
    return { encoding, rows, duplicates, orders };
  }
  throw new ImportFileError(IMPORT_MESSAGES.readFailure);
}
