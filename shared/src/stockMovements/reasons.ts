/**
 * The reasons of stock movements, by code. A movement stores its reason's text as the warehouse wrote it (in
 * French); a reader sees the reason of a known code in their language, and an unknown code's text as it is.
 */
import { type Language, translate } from '../i18n/messages';

const REASON_KEYS: Readonly<Record<string, string>> = {
  REC: 'movement_reasons.supplier_reception',
  EXP: 'movement_reasons.order_shipment',
  CMD: 'movement_reasons.order_shipment',
  RET: 'movement_reasons.customer_return',
  'INV+': 'movement_reasons.inventory_adjustment',
  'INV-': 'movement_reasons.inventory_adjustment',
  CASSE: 'movement_reasons.breakage',
};

/** The i18n key of a reason code, when the code is one of the known reasons. */
export const movementReasonKey = (code: string): string | undefined => REASON_KEYS[code];

/** @example movementReason({ reasonCode: 'RET', reason: 'Retour client' }, 'en')   // 'Customer return' */
export function movementReason(m: { reasonCode: string; reason: string }, lang: Language): string {
  const key = movementReasonKey(m.reasonCode);
  return key ? translate(lang, key) : m.reason;
}
