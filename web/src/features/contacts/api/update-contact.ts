import type { ContactUpdate } from '@cellar/shared/contacts/schemas';
import { routes } from '@cellar/shared/routes/table';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callRoute } from '../../../lib/api-client';
import { i18n } from '../../../lib/i18n';
import { CONTACT_DETAIL_QUERY, contactQueryOptions } from './get-contact';

export const updateContact = ({ id, body }: { id: string; body: ContactUpdate }) =>
  callRoute(routes.contactUpdate, {
    params: { id },
    body,
    query: CONTACT_DETAIL_QUERY,
    errorMessage: i18n.t('contacts.update_error'),
  });

export function useUpdateContact() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateContact,
    onSuccess: (contact) => queryClient.setQueryData(contactQueryOptions(contact.id).queryKey, contact),
  });
}
