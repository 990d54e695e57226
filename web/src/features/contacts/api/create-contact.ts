import type { Contact, ContactCreate } from '@cellar/shared/contacts/schemas';
import { routes } from '@cellar/shared/routes/table';
import { useMutation } from '@tanstack/react-query';
import { callRoute } from '../../../lib/api-client';
import { i18n } from '../../../lib/i18n';

export const createContact = (body: ContactCreate) =>
  callRoute(routes.contactCreate, {
    body,
    query: { include: ['owner', 'warehouse', 'services'] },
    errorMessage: i18n.t('contacts.create_error', { type: i18n.t(`contacts.${body.type}.one`) }),
  }) as Promise<Contact>;

export const useCreateContact = () => useMutation({ mutationFn: createContact });
