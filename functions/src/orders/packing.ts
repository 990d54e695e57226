/**
 * Packing lists as a warehouse builds them (the simulated warehouse and the demo seed): one carton per `pcb`
 * bottles of a line (the last one partial), each labelled with a GS1 SSCC-18.
 */
import type { Packing } from '@cellar/shared/orders/schemas';

/** The GS1 mod-10 check digit of a 17-digit string (weights 3 and 1 from the right). */
export function gs1CheckDigit(digits17: string): number {
  let sum = 0;
  for (let i = 0; i < digits17.length; i++) {
    const d = Number(digits17[digits17.length - 1 - i]);
    sum += d * (i % 2 === 0 ? 3 : 1);
  }
  return (10 - (sum % 10)) % 10;
}

/**
 * An SSCC-18: extension digit, GS1 company prefix, serial reference (17 digits together), check digit.
 * @example sscc('0', '3760123', 42) // '037601230000000423' (17 digits and their check digit)
 */
export function sscc(extension: string, companyPrefix: string, serial: number): string {
  const serialLength = 16 - companyPrefix.length;
  const body = `${extension}${companyPrefix}${String(serial).padStart(serialLength, '0').slice(-serialLength)}`;
  if (!/^\d{17}$/.test(body)) throw new Error(`Not an SSCC body: ${body}`);
  return `${body}${gs1CheckDigit(body)}`;
}

export const isValidSscc = (code: string) =>
  /^\d{18}$/.test(code) && gs1CheckDigit(code.slice(0, 17)) === Number(code[17]);

/** The provider's GS1 company prefix (a demo one). */
export const PROVIDER_GS1_PREFIX = '3760123';

/** An average bottle with its share of carton, in kilograms. */
const BOTTLE_KG = 1.45;

export interface PackedLine {
  productCode: string;
  label: string;
  pcb: number | null;
  batch: string | null;
  quantity: number;
}

/**
 * Cartons of `pcb` bottles for each line (6 when the product does not say), numbered from `firstSerial`.
 * @example buildPackings([{ productCode: 'P', label: 'Margaux', pcb: 6, batch: 'L1', quantity: 14 }], 1) // 3 cartons
 */
export function buildPackings(lines: readonly PackedLine[], firstSerial: number): Packing[] {
  const out: Packing[] = [];
  let serial = firstSerial;
  for (const l of lines) {
    const pcb = l.pcb && l.pcb > 0 ? l.pcb : 6;
    for (let left = l.quantity; left > 0; left -= pcb) {
      const quantity = Math.min(pcb, left);
      out.push({
        sscc: sscc('0', PROVIDER_GS1_PREFIX, serial++),
        weight: Math.round(quantity * BOTTLE_KG * 100) / 100,
        quantity,
        support: 'CARTON',
        details: [
          {
            productCode: l.productCode,
            label: l.label,
            pcb: l.pcb,
            batch: l.batch,
            quantity,
            quantityInCols: Math.round((quantity / pcb) * 100) / 100,
          },
        ],
      });
    }
  }
  return out;
}
