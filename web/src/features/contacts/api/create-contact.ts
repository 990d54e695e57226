import type { ContactCreate } from '@cellar/shared/contacts/schemas';
import { routes } from '@cellar/shared/routes/table';
import { useMutation } from '@tanstack/react-query';
import { callRoute } from '../../../lib/api-client';
import { i18n } from '../../../lib/i18n';
import { CONTACT_DETAIL_QUERY } from './get-contact';

export const createContact = (body: ContactCreate) =>
  callRoute(routes.contactCreate, {
    body,
    query: CONTACT_DETAIL_QUERY,
    messages: {
      success: i18n.t('contacts.created', { type: i18n.t(`contacts.${body.type}.one`) }),
      error: i18n.t('contacts.create_error', { type: i18n.t(`contacts.${body.type}.one`) }),
    },
  });

export const useCreateContact = () => useMutation({ mutationFn: createContact });
