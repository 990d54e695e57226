/**
 * The superadmin's choice of the client account a record belongs to (contacts, products, users, imports): a
 * searchable list of the accounts, 'code - name'; or, once the account can no longer change (editing, a page
 * that names it), the account shown read-only.
 */
import { Select, type SelectProps, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useOwnerAccounts } from '../../lib/reference-data';

interface AccountName {
  code: string;
  name: string;
}

const accountText = (a: AccountName) => `${a.code} - ${a.name}`;

type OwnerAccountFieldProps = Omit<SelectProps, 'data' | 'onChange'> & {
  label: string;
  onChange: (accountId: string | null) => void;
  /** The account cannot change: shown read-only (empty when unknown). */
  fixed?: { account: AccountName | null | undefined };
};

export function OwnerAccountField({ fixed, onChange, ...props }: OwnerAccountFieldProps) {
  const { t } = useTranslation();
  const accounts = useOwnerAccounts(!fixed);
  if (fixed) {
    return (
      <TextInput
        label={props.label}
        value={fixed.account ? accountText(fixed.account) : ''}
        readOnly
        variant="filled"
        w={props.w}
        style={props.style}
      />
    );
  }
  return (
    <Select
      searchable
      nothingFoundMessage={t('common.no_data')}
      {...props}
      data={(accounts.data ?? []).map((a) => ({ value: a.id, label: accountText(a) }))}
      disabled={props.disabled || accounts.isPending}
      onChange={(value) => onChange(value)}
    />
  );
}
