/**
 * Contact creation opened from another flow (?origin=/order/create&type=recipient) returns there with the new
 * contact preselected (?recipient_id=<id>). Only a path of this application may be an origin: no open redirect.
 */
import { CONTACT_TYPES, type ContactType } from '@cellar/shared/contacts/schemas';

export interface ContactOrigin {
  path: string;
  type: ContactType;
}

export function originOf(params: URLSearchParams): ContactOrigin | null {
  const path = params.get('origin');
  const type = params.get('type');
  if (!path || !type || !path.startsWith('/') || path.startsWith('//') || path.includes('\\')) return null;
  if (!(CONTACT_TYPES as readonly string[]).includes(type)) return null;
  return { path, type: type as ContactType };
}

/** /order/create?x=1 + recipient + id → /order/create?x=1&recipient_id=id */
export function returnPath(origin: ContactOrigin, id: string): string {
  const url = new URL(origin.path, 'http://origin.invalid');
  url.searchParams.set(`${origin.type}_id`, id);
  return `${url.pathname}${url.search}${url.hash}`;
}

const ORIGIN_LABELS: Record<string, string> = {
  order: 'breadcrumbs.order',
  reception: 'breadcrumbs.reception',
  'shipping-order': 'breadcrumbs.shipping_order',
};

/** i18n key of the breadcrumb leading back to the origin. */
export const originLabel = (origin: ContactOrigin): string =>
  ORIGIN_LABELS[origin.path.split('/')[1] ?? ''] ?? 'breadcrumbs.back';
