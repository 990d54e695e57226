/**
 * The create form of a user (spec 1 §2): company (a superadmin's choice, unless the page names it), last name,
 * first name, e-mail and its confirmation (an e-mail already used is said when leaving the field), role,
 * warehouses, modules (required in the user administration form). Validation is the shared schema's.
 */
import { isSuperadmin } from '@cellar/shared/access/roles';
import { userCreateSchema } from '@cellar/shared/users/schemas';
import { isEmail } from '@cellar/shared/validation/validators';
import type { Warehouse } from '@cellar/shared/warehouses/schemas';
import { Button, Group, SimpleGrid, Stack } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { OwnerAccountField } from '../../../components/forms/owner-account-field';
import { PersonFields } from '../../../components/forms/person-fields';
import { usePrincipal } from '../../../lib/auth';
import { isEmailTaken } from '../../../lib/email-check';
import { applyServerErrors, notifyInvalidForm, schemaResolver } from '../../../lib/form';
import { useOwnerAccounts, useWarehouses } from '../../../lib/reference-data';
import { defaultRole, newUserValues, toCreateBody, type UserCreateValues } from '../utils/user-rules';
import { UserAccessFields } from './user-access-fields';

interface UserCreateFormProps {
  /** The company the page names (its users' page), which the form then does not ask. */
  company: { id: string; code: string; name: string; warehouses?: Warehouse[] } | null;
  /** The user administration form: modules required, the highest role by default. */
  administration: boolean;
  submitting: boolean;
  onSubmit: (body: ReturnType<typeof toCreateBody>) => Promise<unknown>;
  onCancel: () => void;
}

export function UserCreateForm({ company, administration, submitting, onSubmit, onCancel }: UserCreateFormProps) {
  const { t } = useTranslation();
  const principal = usePrincipal();
  const superadmin = isSuperadmin(principal);
  const choosesCompany = superadmin && !company;
  const companies = useOwnerAccounts(choosesCompany);
  // A customer admin's warehouses are its company's; a superadmin's come with the company.
  const ownWarehouses = useWarehouses(!superadmin);
  const validateBody = useMemo(() => schemaResolver(userCreateSchema), []);

  const form = useForm<UserCreateValues>({
    initialValues: newUserValues(company?.id ?? null, defaultRole(principal, administration)),
    validate: (values) => {
      const errors = validateBody(toCreateBody(values, superadmin));
      if (superadmin && !values.companyId) errors.companyId = t('validation.required');
      if (administration && values.scope.length === 0) errors.scope = t('validation.required');
      return errors;
    },
  });

  const chosen = choosesCompany ? companies.data?.find((c) => c.id === form.values.companyId) : company;
  const warehouses = superadmin ? (chosen?.warehouses ?? []) : (ownWarehouses.data ?? []);

  const chooseCompany = (companyId: string | null) => {
    form.setFieldValue('companyId', companyId);
    form.setFieldValue('warehouseIds', []);
  };

  /** Said on leaving the field rather than after the whole form is sent. */
  const checkEmail = async () => {
    const email = form.values.email.trim();
    if (!email || !isEmail(email)) return;
    if (await isEmailTaken(email).catch(() => false)) form.setFieldError('email', t('validation.unique'));
  };

  const submit = (values: UserCreateValues) =>
    onSubmit(toCreateBody(values, superadmin)).catch((error: unknown) => applyServerErrors(form, error));

  return (
    <form onSubmit={form.onSubmit(submit, notifyInvalidForm)} noValidate aria-label={t('users.form_label')}>
      <Stack>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm" verticalSpacing="xs">
          {superadmin && (
            <OwnerAccountField
              label={t('users.fields.company')}
              fixed={choosesCompany ? undefined : { account: company }}
              withAsterisk
              {...form.getInputProps('companyId')}
              onChange={chooseCompany}
              style={{ gridColumn: '1 / -1' }}
            />
          )}
          <PersonFields form={form} email="confirmed" onEmailBlur={() => void checkEmail()} />
          <UserAccessFields form={form} warehouses={warehouses} modulesRequired={administration} />
        </SimpleGrid>
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" loading={submitting}>
            {t('common.create')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
