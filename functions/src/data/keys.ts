/**
 * Key builders of the single table. ACCESS-PATTERNS.md beside this file is the design; keep them in step.
 * Tenant partitions use the owner company's id; the provider's own records (carriers) use PROVIDER.
 */
export const PROVIDER = 'PROVIDER';

export const keys = {
  tenant: (ownerId: string | null) => `T#${ownerId ?? PROVIDER}`,
  byId: (id: string) => `ID#${id}`,

  user: (id: string) => ({ PK: `USER#${id}`, SK: 'USER' }),
  userEmail: (email: string) => ({ PK: `EMAIL#${email.trim().toLowerCase()}`, SK: 'EMAIL' }),
  companyUsers: (companyId: string) => `COMPANY#${companyId}#USERS`,
  users: 'USERS',
  resetToken: (hash: string) => ({ PK: `RESET#${hash}`, SK: 'RESET' }),
  loginThrottle: (email: string) => ({ PK: `LOGIN#${email.trim().toLowerCase()}`, SK: 'THROTTLE' }),
  resetThrottle: (email: string) => ({ PK: `LOGIN#${email.trim().toLowerCase()}`, SK: 'RESETS' }),
  company: (id: string) => ({ PK: `COMPANY#${id}`, SK: 'COMPANY' }),
  companyCode: (code: string) => ({ PK: `COMPANY_CODE#${code}`, SK: 'COMPANY_CODE' }),
  companies: 'COMPANIES',
  warehouse: (id: string) => ({ PK: `WAREHOUSE#${id}`, SK: 'WAREHOUSE' }),
  warehouses: 'WAREHOUSES',
  /** An API key of a client's system; its uses, one item per minute, in its partition. */
  apiKey: (id: string) => ({ PK: `APIKEY#${id}`, SK: 'APIKEY' }),
  apiKeyUse: (id: string, minute: string) => ({ PK: `APIKEY#${id}`, SK: `USE#${minute}` }),
  apiKeyUsePrefix: 'USE#',
  /** A company's keys (GSI1) and everyone's (GSI2): active ones first, newest first. */
  companyApiKeys: (companyId: string) => `COMPANY#${companyId}#APIKEYS`,
  apiKeys: 'APIKEYS',
  /** How many active keys a company holds: the bound on them is a condition on this counter. */
  activeApiKeys: (companyId: string) => ({ PK: `APIKEYS#${companyId}`, SK: 'ACTIVE' }),
  /** A webhook endpoint; its deliveries live in its partition (webhooks/repository.ts). */
  webhook: (id: string) => ({ PK: `HOOK#${id}`, SK: 'HOOK' }),
  companyWebhooks: (companyId: string) => `COMPANY#${companyId}#HOOKS`,
  webhookCount: (companyId: string) => ({ PK: `HOOKS#${companyId}`, SK: 'COUNT' }),
  webhookLog: (endpointId: string) => `HOOK#${endpointId}#LOG`,
  /** Pending deliveries by when they are due (GSI2), across endpoints. */
  webhooksDue: 'HOOKS#DUE',
  /** The events to hand to the endpoints, written with the change that makes them (webhooks/events.ts). */
  webhookOutbox: 'OUTBOX#HOOKS',
  /** The claim of a stage's first superadmin (users/first-superadmin.ts): one per table. */
  firstSuperadmin: { PK: 'BOOTSTRAP', SK: 'FIRST_SUPERADMIN' },

  contact: (ownerId: string | null, type: string, code: string) => ({
    PK: keys.tenant(ownerId),
    SK: `CONTACT#${type}#${code}`,
  }),
  contactPrefix: (type: string) => `CONTACT#${type}#`,
  contactsOfType: (type: string) => `CONTACTS#${type}`,

  product: (ownerId: string, code: string) => ({ PK: keys.tenant(ownerId), SK: `PRODUCT#${code}` }),
  productPrefix: 'PRODUCT#',
  products: 'PRODUCTS',
  stock: (ownerId: string, productCode: string, id: string) => ({
    PK: keys.tenant(ownerId),
    SK: `STOCK#${productCode}#${id}`,
  }),
  stockPrefix: (productCode?: string) => (productCode ? `STOCK#${productCode}#` : 'STOCK#'),
  /** Sparse index partition: only stock lines with something sellable. */
  sellableStocks: (ownerId: string) => `SELLABLE#${ownerId}`,
  movements: (ownerId: string) => `MOVES#${ownerId}`,
  productMovements: (ownerId: string, productCode: string) => `MOVES#${ownerId}#P#${productCode}`,
  /** Every owner's movements (GSI2). */
  allMovements: 'MOVES',

  reception: (ownerId: string, id: string) => ({ PK: keys.tenant(ownerId), SK: `RECEPTION#${id}` }),
  receptionPrefix: 'RECEPTION#',
  /** Every owner's receptions (GSI2), newest first by id. */
  receptions: 'RECEPTIONS',

  /** One event of a document's timeline; the sort key's date keeps them in order. */
  timelineEvent: (ownerId: string, kind: string, documentId: string, at: string, id: string) => ({
    PK: keys.tenant(ownerId),
    SK: `EVENT#${kind}#${documentId}#${at}#${id}`,
  }),
  timelinePrefix: (kind: string, documentId: string) => `EVENT#${kind}#${documentId}#`,
  order: (ownerId: string, id: string) => ({ PK: keys.tenant(ownerId), SK: `ORDER#${id}` }),
  orderPrefix: 'ORDER#',
  /** Every owner's orders (GSI2), newest first by id. */
  orders: 'ORDERS',
  shippingOrder: (ownerId: string, id: string) => ({ PK: keys.tenant(ownerId), SK: `SHIPPING_ORDER#${id}` }),
  shippingOrderPrefix: 'SHIPPING_ORDER#',
  /** Every owner's shipping orders (GSI2), newest first by id. */
  shippingOrders: 'SHIPPING_ORDERS',
  /** An order reference, unique per owner: claimed by a conditional put. */
  orderReference: (ownerId: string, reference: string) => ({ PK: keys.tenant(ownerId), SK: `ORDER_REF#${reference}` }),
  /** An `Idempotency-Key` of a POST /api/orders → the order it creates (conditional put). */
  orderIdempotency: (ownerId: string, key: string) => ({ PK: keys.tenant(ownerId), SK: `IDEMPOTENCY#ORDER#${key}` }),
  /**
   * A lot's natural key (product, warehouse, segment, quality, batch, ubd, bbd): a conditional put on it makes a
   * lot one stock line, whoever creates it first.
   */
  lot: (
    ownerId: string,
    l: { productId: string; warehouseId: string; segment: string | null; quality: string } & Record<
      'batch' | 'ubd' | 'bbd',
      string | null
    >,
  ) => ({
    PK: keys.tenant(ownerId),
    // The batch, free text, comes last: a '#' in it cannot be mistaken for a boundary.
    SK: `LOT#${[l.productId, l.warehouseId, l.segment ?? '-', l.quality, l.ubd ?? '', l.bbd ?? '', l.batch ?? ''].join('#')}`,
  }),

  /** Activity logs, newest first; a company's (GSI1). */
  logs: 'LOGS',
  companyLogs: (companyId: string) => `COMPANY#${companyId}#LOGS`,
  /** Daily page-view counts of one month. */
  stats: (month: string) => `STATS#${month}`,
  appUpdates: 'APP_UPDATES',
  /** Sent e-mails (the local mailbox reads them). */
  outbox: 'OUTBOX',
  /** A list's search words: one partition per list scope and first letter. */
  searchWords: (scope: string, word: string) => `SEARCH#${scope}#${word[0]}`,
  /**
   * A list's search words in the list's own order: one partition per list scope and word beginning (its first one,
   * two and three letters), its entries keyed by the row's tie-break sort key (`data/list.ts`, `searchPrefixes`).
   */
  searchInOrder: (scope: string, prefix: string) => `ORDERED#${scope}#${prefix}`,

  /** Counters keep list totals exact without reading a partition. */
  counter: (scope: string, name: string) => ({ PK: `COUNT#${scope}`, SK: name }),

  /** A CSV import job (the file itself is in the imports bucket under incoming/{id}.csv). */
  importJob: (id: string) => ({ PK: `IMPORT#${id}`, SK: 'IMPORT' }),
  /** A row an import refused, beside its job (row numbers fixed-width: the key's order is the file's). */
  importRefused: (id: string, row: number) => ({ PK: `IMPORT#${id}`, SK: `REFUSED#${String(row).padStart(7, '0')}` }),
  importRefusedPrefix: 'REFUSED#',

  /** A background CSV export (the file is in the exports bucket under exports/{id}/). */
  exportJob: (id: string) => ({ PK: `EXPORT#${id}`, SK: 'EXPORT' }),

  preference: (userId: string, slug: string) => ({ PK: `USER#${userId}`, SK: `PREF#${slug}` }),
  preferencePrefix: 'PREF#',
} as const;
