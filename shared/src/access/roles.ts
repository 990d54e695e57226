/**
 * Roles, access levels, module scopes and the capabilities derived from them (spec 1 §6, spec 3 §6).
 * The numbers are the specs' ranks: a route needs a level at or above its access level.
 */
export const ROLES = { reader: 1, user: 2, admin: 10, superadmin: 100 } as const;

export type RoleSlug = keyof typeof ROLES;
export type RoleLevel = (typeof ROLES)[RoleSlug];
export const ROLE_SLUGS = Object.keys(ROLES) as RoleSlug[];

/** 0 public, 1 reader and above, 2 writer, 10 customer admin, 100 superadmin. */
export type AccessLevel = 0 | RoleLevel;
export const ACCESS = { public: 0, reader: 1, writer: 2, admin: 10, superadmin: 100 } as const;

export class UnknownRoleError extends Error {
  constructor(value: unknown) {
    super('Error role is undefined');
    this.name = 'UnknownRoleError';
    this.cause = value;
  }
}

/** Word → level. Unknown role strings are errors, never a default. */
export function roleLevel(slug: string): RoleLevel {
  if (!Object.hasOwn(ROLES, slug)) throw new UnknownRoleError(slug);
  return ROLES[slug as RoleSlug];
}

/** Level → word. */
export function roleSlug(level: number): RoleSlug {
  const slug = ROLE_SLUGS.find((s) => ROLES[s] === level);
  if (!slug) throw new UnknownRoleError(level);
  return slug;
}

export const MODULE_SCOPES = [
  'product',
  'supplier',
  'reception',
  'recipient',
  'order',
  'transportation',
  'carrier',
  'stock',
  'stockMovement',
  'production',
  'document',
  'all',
] as const;
export type ModuleScope = (typeof MODULE_SCOPES)[number];
/** What a user holds: module scopes, or '*' for every scope. */
export type ScopeGrant = ModuleScope | '*';

export const SCOPE_GROUPS = {
  reception: ['product', 'supplier', 'reception'],
  order: ['recipient', 'order'],
  shipping: ['transportation', 'carrier'],
  stock: ['stock', 'stockMovement'],
  production: ['production'],
} as const satisfies Record<string, readonly ModuleScope[]>;

export function hasScope(granted: readonly string[], scope: ModuleScope): boolean {
  return granted.includes('*') || granted.includes('all') || granted.includes(scope);
}

/**
 * The scopes a holder may give a user or a company (spec 1 §6): the modules it holds, and '*' (every module, those
 * added later included) only if it holds '*' itself. The screens offer these, the server and the CSV import accept
 * these.
 */
export function grantableScopes(granted: readonly string[]): ScopeGrant[] {
  return [...MODULE_SCOPES.filter((s) => hasScope(granted, s)), ...(granted.includes('*') ? (['*'] as const) : [])];
}

/** Whether a holder may give every one of these scopes. */
export const mayGrantScopes = (granted: readonly string[], wanted: readonly string[]): boolean => {
  const allowed = new Set<string>(grantableScopes(granted));
  return wanted.every((s) => allowed.has(s));
};

/**
 * The modules a user may use: its own, within its company's (a company's modules bound its users', spec 1 §6). '*' on
 * either side stands for the other side's; the provider's staff (the superadmin) are not bound by a client's.
 */
export function effectiveScope(
  role: number,
  userScope: readonly string[],
  companyScope: readonly string[] | undefined,
): string[] {
  if (role === ROLES.superadmin || companyScope === undefined) return [...userScope];
  if (companyScope.includes('*') || companyScope.includes('all')) return [...userScope];
  if (userScope.includes('*') || userScope.includes('all')) return [...companyScope];
  return userScope.filter((s) => companyScope.includes(s));
}

export function hasAnyScope(granted: readonly string[], scopes: readonly ModuleScope[]): boolean {
  return scopes.length === 0 || scopes.some((s) => hasScope(granted, s));
}

export interface Principal {
  role: RoleLevel;
  scope: readonly string[];
}

/** What a route asks that a principal lacks: its level, its modules, or both. */
export interface AccessRefusal {
  /** The route's level, when the principal's role is below it. */
  level?: AccessLevel;
  /** The route's modules (any one would do), when the principal holds none of them. */
  scopes?: readonly ModuleScope[];
}

/**
 * Why a route refuses a principal, or null when it admits it: the role must reach the route's level and, if the
 * route names scopes, one of them must be granted. The 403 page says which.
 *
 * @example accessRefusal({ role: 1, scope: ['order'] }, 2, ['order']) // { level: 2 }
 */
export function accessRefusal(
  principal: Principal | null,
  access: AccessLevel,
  scopes: readonly ModuleScope[] = [],
): AccessRefusal | null {
  if (access === 0) return null;
  const refusal: AccessRefusal = {};
  if ((principal?.role ?? 0) < access) refusal.level = access;
  if (!hasAnyScope(principal?.scope ?? [], scopes)) refusal.scopes = scopes;
  return refusal.level === undefined && refusal.scopes === undefined ? null : refusal;
}

/** A route admits a principal when the role reaches its level and, if it names scopes, one of them is granted. */
export const canAccess = (principal: Principal | null, access: AccessLevel, scopes: readonly ModuleScope[] = []) =>
  accessRefusal(principal, access, scopes) === null;

export const isSuperadmin = (p: Principal | null | undefined): boolean => p?.role === ROLES.superadmin;
/** Writers (user and above) may create and edit. The spec spells it isWritter. */
export const isWritter = (p: Principal | null | undefined): boolean => (p?.role ?? 0) >= ROLES.user;
export const isReader = (p: Principal | null | undefined): boolean => p?.role === ROLES.reader;
/** Status changes on orders and receptions: customer admins and the provider's staff. */
export const canUpdateStatus = (p: Principal | null | undefined): boolean => (p?.role ?? 0) >= ROLES.admin;
/** Resending transmitting orders is a provider operation. */
export const canSendTransmittingOrder = (p: Principal | null | undefined): boolean => isSuperadmin(p);

/** A creator assigns only roles strictly below its own. */
export function assignableRoles(creator: RoleLevel): RoleSlug[] {
  return ROLE_SLUGS.filter((s) => ROLES[s] < creator);
}
