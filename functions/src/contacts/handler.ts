import { contactRoutes } from '@cellar/shared/contacts/routes';
import { answerList } from '../platform/http/lists';
import { resourceHandler } from '../platform/http/pipeline';
import { contactList } from './list';
import { createContact, getContact, updateContact } from './service';

export const handler = resourceHandler(contactRoutes, {
  contactList: async ({ caller, list, lang }) => answerList(await contactList(caller, list), list, lang),
  contactGet: async ({ caller, params }) => getContact(caller, params.id),
  contactCreate: async ({ caller, body }) => createContact(caller, body),
  contactUpdate: async ({ caller, params, body }) => updateContact(caller, params.id, body),
});
