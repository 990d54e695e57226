import { describe, expect, it } from 'vitest';
import { movementReason } from './reasons';

describe('Function: movementReason', () => {
  it.each([
    ['RET', 'Retour client', 'en', 'Customer return'],
    ['RET', 'Retour client', 'fr', 'Retour client'],
    ['INV-', 'Régularisation d’inventaire', 'en', 'Inventory adjustment'],
    ['EXP', 'Expédition commande client', 'en', 'Customer order shipment'],
    ['CMD', 'Expédition commande', 'fr', 'Expédition commande client'],
    ['ZZZ', 'Motif propre à l’entrepôt', 'en', 'Motif propre à l’entrepôt'],
  ] as const)('%s (%s) in %s reads %s', (reasonCode, reason, lang, text) =>
    expect(movementReason({ reasonCode, reason }, lang)).toBe(text),
  );
});
