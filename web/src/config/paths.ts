/**
 * The SPA's route table: every page once, with its access level, module scopes and title key. The router's
 * guards and the side menu both read it, so a page and its menu entry can never disagree on who may see it.
 */
import { ACCESS, type AccessLevel, type ModuleScope } from '@cellar/shared/auth/roles';
import { CONTACT_SCOPE, CONTACT_TYPES, type ContactType } from '@cellar/shared/schemas/contact';

export interface AppPath {
  path: string;
  access: AccessLevel;
  scopes?: readonly ModuleScope[];
  /** i18n key of the page title. */
  title: string;
}

/** Carriers are the provider's referential: only a superadmin manages them (spec 1 §2 side menu, spec 3 §6). */
const contactAccess = (type: ContactType, writer: boolean): AccessLevel =>
  type === 'carrier' ? ACCESS.superadmin : writer ? ACCESS.writer : ACCESS.reader;

const contactPaths = (type: ContactType) => ({
  list: {
    path: `/${type}/list`,
    access: contactAccess(type, false),
    scopes: [CONTACT_SCOPE[type]],
    title: `contacts.${type}.list_title`,
  },
  create: {
    path: `/${type}/create`,
    access: contactAccess(type, true),
    scopes: [CONTACT_SCOPE[type]],
    title: `contacts.${type}.create_title`,
  },
});

export const paths = {
  login: { path: '/login', access: ACCESS.public, title: 'login.title' },
  dashboard: { path: '/dashboard', access: ACCESS.reader, title: 'dashboard.title' },
  forbidden: { path: '/403', access: ACCESS.reader, title: 'errors.forbidden_title' },
  notFound: { path: '/404', access: ACCESS.reader, title: 'errors.not_found_title' },
  contacts: Object.fromEntries(CONTACT_TYPES.map((type) => [type, contactPaths(type)])) as Record<
    ContactType,
    ReturnType<typeof contactPaths>
  >,
} satisfies Record<string, AppPath | Record<string, Record<string, AppPath>>>;
