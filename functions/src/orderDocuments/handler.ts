/**
 * The order document, streamed (issue 10): Lambda response streaming (API Gateway's STREAM transfer mode in AWS,
 * the local gateway's streamed responses locally), so a large document is not capped by the buffered payload
 * limit. pdf-lib builds the whole file before its first byte (it serialises in one piece): the bytes then leave
 * in chunks as the stream takes them.
 */
import { Readable } from 'node:stream';
import { orderDocumentRoutes } from '@cellar/shared/orders/routes';
import { HttpStream, resourceHandler } from '../platform/http/pipeline';

const CHUNK = 64 * 1024;

function* chunks(bytes: Uint8Array) {
  for (let i = 0; i < bytes.length; i += CHUNK) yield Buffer.from(bytes.subarray(i, i + CHUNK));
}

export const handler = resourceHandler(orderDocumentRoutes, {
  orderPdf: async ({ caller, params, query, headers, lang }) => {
    const [{ orderDocument }, { orderPdf, pdfFilename }] = await Promise.all([
      import('../orders/service'),
      import('../orders/pdf'),
    ]);
    const { order, parties } = await orderDocument(caller, params.id);
    const filename = pdfFilename(order);
    const bytes = await orderPdf(order, parties, lang);
    const accept = headers.accept ?? '';
    const asJson =
      query.output === 'json' ||
      (!query.output && accept.includes('application/json') && !accept.includes('application/pdf'));
    if (asJson) return { filename, contentType: 'application/pdf', content: Buffer.from(bytes).toString('base64') };
    return new HttpStream(200, Readable.from(chunks(bytes)), {
      'Content-Type': 'application/pdf',
      'Content-Length': String(bytes.length),
      'Content-Disposition': `attachment; filename="${filename}"`,
    });
  },
});
