/**
 * A person's name and e-mail, as every account form asks them: last name, first name (both required, 100
 * characters), then the e-mail — editable, editable with a confirmation (account creation), or shown read-only
 * (the login, which the edit modal does not change). The fields sit in the caller's grid.
 */
import { TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { useTranslation } from 'react-i18next';

const NAME_MAX = 100;
const EMAIL_MAX = 255;

interface PersonFieldsProps {
  form: Pick<UseFormReturnType<{ lastname: string; firstname: string }>, 'getInputProps'>;
  email: 'editable' | 'confirmed' | { readOnly: string };
  /** Said on leaving the e-mail field (an e-mail already taken). */
  onEmailBlur?: () => void;
}

export function PersonFields({ form, email, onEmailBlur }: PersonFieldsProps) {
  const { t } = useTranslation();
  return (
    <>
      <TextInput
        label={t('users.fields.lastname')}
        withAsterisk
        maxLength={NAME_MAX}
        {...form.getInputProps('lastname')}
      />
      <TextInput
        label={t('users.fields.firstname')}
        withAsterisk
        maxLength={NAME_MAX}
        {...form.getInputProps('firstname')}
      />
      {typeof email === 'object' ? (
        <TextInput label={t('users.fields.email')} value={email.readOnly} readOnly variant="filled" />
      ) : (
        <TextInput
          label={t('users.fields.email')}
          type="email"
          withAsterisk
          maxLength={EMAIL_MAX}
          {...form.getInputProps('email')}
          onBlur={onEmailBlur}
        />
      )}
      {email === 'confirmed' && (
        <TextInput
          label={t('users.fields.email_confirmation')}
          type="email"
          withAsterisk
          maxLength={EMAIL_MAX}
          {...form.getInputProps('email_confirmation')}
        />
      )}
    </>
  );
}
