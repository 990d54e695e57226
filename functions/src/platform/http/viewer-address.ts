import { isIP } from 'node:net';

/** The header in which CloudFront tells the origin the viewer's address and port (`198.51.100.10:46532`). */
export const VIEWER_ADDRESS_HEADER = 'cloudfront-viewer-address';

/**
 * The IP part of a CloudFront-Viewer-Address value: IPv4 `a.b.c.d:port`, IPv6 `x:…:y:port` (the port after the
 * last colon, brackets tolerated). Undefined for anything else.
 */
export function viewerIp(value: string | undefined): string | undefined {
  if (!value) return undefined;
  const colon = value.lastIndexOf(':');
  if (colon <= 0 || !/^\d{1,5}$/.test(value.slice(colon + 1))) return undefined;
  const ip = value.slice(0, colon).replace(/^\[(.*)\]$/, '$1');
  return isIP(ip) ? ip : undefined;
}

/**
 * The address a request comes from, as the sign-in gates count it. Behind CloudFront the connection is CloudFront's
 * own, so the viewer's is the one CloudFront reports; the header is trusted there only (the API accepts requests
 * from CloudFront alone), never when the API is reached directly, as locally, where the connection's address stays.
 */
export function clientAddress(
  headers: Record<string, string | undefined>,
  connectionIp: string,
  behindCloudFront: boolean,
): string {
  if (!behindCloudFront) return connectionIp;
  return viewerIp(headers[VIEWER_ADDRESS_HEADER]) ?? connectionIp;
}
