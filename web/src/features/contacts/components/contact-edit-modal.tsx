/** The detail modal of a contact: the create form's fields, the code read-only; saving refreshes the list. */
import type { ContactType } from '@cellar/shared/contacts/schemas';
import { Center, Loader, Modal } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useContact } from '../api/get-contact';
import { useUpdateContact } from '../api/update-contact';
import { ContactForm } from './contact-form';
import { toUpdateBody } from './contact-form-values';

interface ContactEditModalProps {
  type: ContactType;
  contactId: string | null;
  onClose: () => void;
  onSaved: () => void;
}

function ContactEditBody({ type, contactId, onClose, onSaved }: ContactEditModalProps & { contactId: string }) {
  const { t } = useTranslation();
  const contact = useContact(contactId);
  const update = useUpdateContact();

  if (!contact.data) {
    return (
      <Center h={200}>
        <Loader aria-label={t('common.loading')} />
      </Center>
    );
  }
  return (
    <ContactForm
      type={type}
      contact={contact.data}
      submitting={update.isPending}
      onCancel={onClose}
      onSubmit={(values) =>
        update.mutateAsync({ id: contactId, type, body: toUpdateBody(values) }).then(() => {
          onSaved();
          onClose();
        })
      }
    />
  );
}

export function ContactEditModal(props: ContactEditModalProps) {
  const { t } = useTranslation();
  return (
    <Modal opened={props.contactId !== null} onClose={props.onClose} title={t(`contacts.${props.type}.edit_title`)}>
      {props.contactId && <ContactEditBody {...props} contactId={props.contactId} />}
    </Modal>
  );
}
