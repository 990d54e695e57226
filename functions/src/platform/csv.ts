import { HttpResponse } from './http';

/** A CSV download; the client takes the file name from Content-Disposition. */
export function csvResponse(filename: string, content: string): HttpResponse {
  return new HttpResponse(200, content, {
    'Content-Type': 'text/csv; charset=utf-8',
    'Content-Disposition': `attachment; filename="${filename.replace(/[^\w.-]/g, '_')}"`,
  });
}
