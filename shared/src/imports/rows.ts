/** What a check says of an import row and of each of its cells (templates.ts checks; orders.ts adds the orders'). */
export type CellState = 'valid' | 'invalid' | 'required' | 'unverified';
export interface CellMessage {
  key: string;
  values?: Record<string, unknown>;
}
export interface CellCheck {
  state: CellState;
  message?: CellMessage;
}
export interface RowCheck {
  cells: Record<string, CellCheck>;
  /** Problems that belong to no cell (e.g. the account chosen on the screen). */
  errors: CellMessage[];
  valid: boolean;
  /** The entity's create input, when the row is valid. */
  input?: unknown;
}
export type ImportRow = Record<string, string>;
