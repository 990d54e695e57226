import { contactRoutes } from '@cellar/shared/contacts/routes';
import { resourceHandler } from '../platform/http';
import { createContact, exportContacts, getContact, listContacts, updateContact } from './service';

export const handler = resourceHandler(contactRoutes, {
  contactList: async ({ caller, list }) =>
    list.params.output === 'csv' ? exportContacts(caller, list) : listContacts(caller, list),
  contactGet: async ({ caller, params }) => getContact(caller, params.id),
  contactCreate: async ({ caller, body }) => createContact(caller, body),
  contactUpdate: async ({ caller, params, body }) => updateContact(caller, params.id, body),
});
