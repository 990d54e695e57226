import { resourceHandler } from '../platform/http';
import { createContact, exportContacts, getContact, listContacts, updateContact } from './service';

export const handler = resourceHandler('contacts', {
  contactList: async ({ caller, list }) =>
    list.params.output === 'csv' ? exportContacts(caller, list) : listContacts(caller, list),
  contactGet: async ({ caller, params }) => getContact(caller, params.id),
  contactCreate: async ({ caller, body, lang }) => createContact(caller, body, lang),
  contactUpdate: async ({ caller, params, body, lang }) => updateContact(caller, params.id, body, lang),
});
