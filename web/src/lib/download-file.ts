/**
 * File downloads (spec 1 §7): a GET through the API client whose answer is saved as a file, named by its
 * Content-Disposition. Apart from the client itself: only the pages that download load it.
 */
import type { ListQuery } from '@cellar/shared/filter/query';
import { reportApiError, send } from './api-client';
import { saveBlob } from './save-file';

const FILENAME = /filename\*?=(?:UTF-8'')?"?([^";]+)"?/i;

/** File name from Content-Disposition, default file.csv. */
export function fileNameOf(disposition: string | null): string {
  const raw = disposition ? FILENAME.exec(disposition)?.[1] : undefined;
  return raw ? decodeURIComponent(raw.trim()) : 'file.csv';
}

/**
 * A GET that saves its answer as a file; a failed download's body is read as JSON and reported as usual, under
 * `errorMessage` as its title.
 */
export async function downloadFile(
  path: string,
  query: Partial<ListQuery>,
  errorMessage?: string,
  accept?: string,
): Promise<void> {
  try {
    // A binary file names its type: API Gateway then hands the function's base64 answer over as bytes.
    const res = await send(path, { query, ...(accept ? { headers: { accept } } : {}) });
    saveBlob(await res.blob(), fileNameOf(res.headers.get('Content-Disposition')));
  } catch (error) {
    reportApiError(error, { error: errorMessage }, [], errorMessage);
    throw error;
  }
}
