import type { ContactType, ContactUpdate } from '@cellar/shared/contacts/schemas';
import { routes } from '@cellar/shared/routes/table';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callRoute } from '../../../lib/api-client';
import { i18n } from '../../../lib/i18n';
import { CONTACT_DETAIL_QUERY, contactQueryOptions } from './get-contact';

export const updateContact = ({ id, type, body }: { id: string; type: ContactType; body: ContactUpdate }) =>
  callRoute(routes.contactUpdate, {
    params: { id },
    body,
    query: CONTACT_DETAIL_QUERY,
    messages: {
      update: i18n.t('contacts.updated', { type: i18n.t(`contacts.${type}.one`) }),
      error: i18n.t('contacts.update_error'),
    },
  });

export function useUpdateContact() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateContact,
    onSuccess: (contact) => queryClient.setQueryData(contactQueryOptions(contact.id).queryKey, contact),
  });
}
