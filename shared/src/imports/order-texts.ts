/**
 * The words of the order import, in both languages: its messages and column names (the `import.` keys the rules and
 * the worker use) and its screen's (`imports.`). They are kept out of the shared catalogue that every page loads
 * first (the sign-in page's budget): the import screen adds them when it loads (web), the server's import wording
 * reads them here (`orderImportText`).
 */
import type { Language } from '../i18n/messages';

type Texts = { [key: string]: string | Texts };

export const orderImportTexts = {
  fr: {
    import: {
      order_disagrees: 'Les lignes de la commande {{reference}} ne donnent pas la même valeur dans cette colonne.',
      order_too_many_lines: 'Une commande compte au plus {{max}} lignes.',
      order_unknown_product: 'Aucun article de ce code pour ce compte.',
      order_unknown_recipient: 'Aucun destinataire de ce code pour ce compte.',
      order_unknown_carrier: 'Aucun transporteur de ce code.',
      order_no_stock: 'Aucun stock disponible de cet article pour cette commande (segment, entrepôt, lot).',
      order_stock_covered: 'Stock disponible : {{available}}.',
      order_stock_short: 'Stock insuffisant : {{available}} disponible(s) pour {{quantity}} demandée(s).',
      order_stock_order_short:
        'Une autre ligne de la commande {{reference}} manque de stock : la commande sera refusée.',
      order_refused: 'Commande {{reference}} refusée : {{reason}}',
      order_other_rows: 'une autre de ses lignes est refusée (ligne {{rows}}).',
      columns: {
        reference: 'Référence de commande',
        segment: 'Segment',
        send: 'Envoyer (oui) ou brouillon (non)',
        recipient: 'Destinataire (code)',
        delivery_date: 'Date de livraison',
        carrier: 'Transporteur (code)',
        service: 'Service du transporteur (code)',
        order_type: 'Type de commande',
        delivery_comment: 'Commentaire de livraison',
        preparation_comment: 'Commentaire de préparation',
        product: 'Article (code)',
        quantity: 'Quantité',
        batch: 'Lot',
      },
    },
    imports: {
      order_stock_note:
        'Pour les commandes à envoyer, la colonne Quantité dit si le stock vendable couvre chaque ligne, les commandes prises dans l’ordre du fichier. Les codes de destinataire, de transporteur et d’article sont vérifiés à l’import.',
      order_stock_unavailable:
        'Le stock n’a pas pu être lu : la couverture des lignes sera vérifiée à l’import, commande par commande.',
    },
  },
  en: {
    import: {
      order_disagrees: 'The rows of order {{reference}} do not give the same value in this column.',
      order_too_many_lines: 'An order holds at most {{max}} lines.',
      order_unknown_product: 'No product of this code in this account.',
      order_unknown_recipient: 'No recipient of this code in this account.',
      order_unknown_carrier: 'No carrier of this code.',
      order_no_stock: 'No stock of this product is available to this order (segment, warehouse, batch).',
      order_stock_covered: 'Available stock: {{available}}.',
      order_stock_short: 'Not enough stock: {{available}} available for {{quantity}} ordered.',
      order_stock_order_short: 'Another line of order {{reference}} lacks stock: the order will be refused.',
      order_refused: 'Order {{reference}} refused: {{reason}}',
      order_other_rows: 'another of its rows is refused (row {{rows}}).',
      columns: {
        reference: 'Order reference',
        segment: 'Segment',
        send: 'Send (yes) or draft (no)',
        recipient: 'Recipient (code)',
        delivery_date: 'Delivery date',
        carrier: 'Carrier (code)',
        service: 'Carrier service (code)',
        order_type: 'Order type',
        delivery_comment: 'Delivery comment',
        preparation_comment: 'Preparation comment',
        product: 'Product (code)',
        quantity: 'Quantity',
        batch: 'Batch',
      },
    },
    imports: {
      order_stock_note:
        'For orders to send, the Quantity column tells whether the sellable stock covers each line, orders taken in the file’s order. Recipient, carrier and product codes are checked by the import.',
      order_stock_unavailable:
        'The stock could not be read: each line’s cover will be checked by the import, order by order.',
    },
  },
} satisfies Record<Language, Texts>;

/** The order import's text of a key, or undefined when the key is not one of its own. */
export function orderImportText(lang: Language, key: string): string | undefined {
  let cur: unknown = orderImportTexts[lang];
  for (const part of key.split('.')) cur = (cur as Record<string, unknown> | undefined)?.[part];
  return typeof cur === 'string' ? cur : undefined;
}
