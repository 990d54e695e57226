/**
 * The import checker's message protocol (issue 14): what the page asks of the worker that reads and checks the
 * whole file (import-check.worker.ts), and what it answers. Every request carries a sequence number that its answer
 * repeats; a load also reports its progress. The worker's module only wires `importChecker` to its messages, so
 * this is what tests drive.
 */
import type { ImportLot } from '@cellar/shared/imports/orders';
import { type ImportContext, ImportFileError } from '@cellar/shared/imports/templates';
import { type BookCounts, ImportBook, INVALID_ROWS_SHOWN, PREVIEW_ROWS } from './import-book';
import { type GridRow, readRows } from './import-rows';

export type CheckRequest =
  /** Read and check this file against these choices (the answer: 'loaded' or 'failed', after 'progress'). */
  | { seq: number; type: 'load'; file: Blob; ctx: ImportContext }
  /** One cell edited on screen. */
  | { seq: number; type: 'edit'; id: number; column: string; value: string }
  /** What the API said of some keys: `taken` are used. */
  | { seq: number; type: 'taken'; keys: string[]; taken: string[] }
  /** Order files: the sellable lots of these products (`codes`, those read), for each line's cover. */
  | { seq: number; type: 'stock'; codes: string[]; lots: ImportLot[] }
  /** The whole file with the edits, to upload. */
  | { seq: number; type: 'file' };

export type CheckReply =
  | { seq: number; type: 'progress'; phase: 'reading' | 'checking'; done: number; total: number }
  /** `codes`: an order file's product codes, whose stock the page reads. */
  | { seq: number; type: 'loaded'; rows: GridRow[]; counts: BookCounts; asked: string[]; codes: string[] }
  | { seq: number; type: 'failed'; key: string; values?: Record<string, unknown> }
  /** Rows on screen that changed (or came on screen), and the counts after the change. */
  | { seq: number; type: 'changed'; rows: GridRow[]; counts: BookCounts }
  | { seq: number; type: 'file'; file: Blob; rows: number };

/** Rows checked between two progress reports. */
export const CHECK_CHUNK = 2000;

export interface CheckerOptions {
  preview?: number;
  invalid?: number;
}

/** The worker's side: one file at a time; each request answered through `post`. */
export function importChecker(post: (reply: CheckReply) => void, options: CheckerOptions = {}) {
  let book: ImportBook | undefined;
  const limits = { preview: options.preview ?? PREVIEW_ROWS, invalid: options.invalid ?? INVALID_ROWS_SHOWN };

  return async (request: CheckRequest): Promise<void> => {
    const { seq } = request;
    switch (request.type) {
      case 'load': {
        book = undefined;
        post({ seq, type: 'progress', phase: 'reading', done: 0, total: 0 });
        let loaded: ImportBook;
        try {
          loaded = new ImportBook(request.ctx, await readRows(request.file, request.ctx), limits);
        } catch (error) {
          if (!(error instanceof ImportFileError)) throw error;
          post({ seq, type: 'failed', key: error.key, values: error.values });
          return;
        }
        while (!loaded.done) {
          const done = loaded.checkNext(CHECK_CHUNK);
          post({ seq, type: 'progress', phase: 'checking', done, total: loaded.total });
        }
        book = loaded;
        post({
          seq,
          type: 'loaded',
          rows: book.preview(),
          counts: book.counts(),
          asked: book.askedKeys(),
          codes: book.productCodes(),
        });
        return;
      }
      case 'edit':
        if (!book) return post({ seq, type: 'failed', key: 'import.no_file' });
        return post({
          seq,
          type: 'changed',
          rows: book.edit(request.id, request.column, request.value),
          counts: book.counts(),
        });
      case 'taken':
        if (!book) return post({ seq, type: 'failed', key: 'import.no_file' });
        return post({ seq, type: 'changed', rows: book.learn(request.keys, request.taken), counts: book.counts() });
      case 'stock':
        if (!book) return post({ seq, type: 'failed', key: 'import.no_file' });
        return post({
          seq,
          type: 'changed',
          rows: book.learnStock(request.codes, request.lots),
          counts: book.counts(),
        });
      case 'file':
        if (!book) return post({ seq, type: 'failed', key: 'import.no_file' });
        return post({ seq, type: 'file', file: new Blob([book.file()], { type: 'text/csv' }), rows: book.total });
    }
  };
}
