import type { CellarMessage, CellarMessageType } from '@cellar/shared/wms/contract';

/** What a kind of document tells the warehouse: the message a type calls for, built as the document now stands. */
export interface ToldDocument {
  /** The message, or null when the document no longer calls for it (gone, or moved on). */
  message(documentId: string, ownerId: string, type: CellarMessageType): Promise<CellarMessage | null>;
  /** What the document notes once its message left (an order's `transmittedAt`). */
  published?(message: CellarMessage): Promise<void>;
}
