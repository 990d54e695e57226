/**
 * The edit modal of a user: last name, first name, role, warehouses, modules; a superadmin also picks the children
 * (accounts this user may switch to) among all users.
 */
import { isSuperadmin, type RoleLevel, roleLevel } from '@cellar/shared/access/roles';
import { mayBeChild } from '@cellar/shared/users/rules';
import { type User, userUpdateSchema } from '@cellar/shared/users/schemas';
import { Button, Center, Group, Loader, Modal, MultiSelect, SimpleGrid, Stack } from '@mantine/core';
import { type UseFormReturnType, useForm } from '@mantine/form';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { PersonFields } from '../../../components/forms/person-fields';
import { usePrincipal } from '../../../lib/auth';
import { applyServerErrors, notifyInvalidForm, schemaResolver } from '../../../lib/form';
import { useAllUsers } from '../api/get-all-users';
import { useUserDetail } from '../api/get-user';
import { useUpdateUser } from '../api/update-user';
import { editValuesOf, toUpdateBody, type UserEditValues } from '../utils/user-rules';
import { UserAccessFields } from './user-access-fields';

interface UserEditModalProps {
  userId: string | null;
  onClose: () => void;
  onSaved: () => void;
}

/** Only the users this one may switch to, for the role chosen in the form (`mayBeChild`, as the server checks). */
function ChildrenField({
  form,
  user,
}: {
  form: Pick<UseFormReturnType<UserEditValues>, 'getInputProps' | 'values'>;
  user: User;
}) {
  const { t } = useTranslation();
  const users = useAllUsers(true);
  const role = form.values.role;
  const data = useMemo(() => {
    const parent = { id: user.id, role: roleLevel(role), companyId: user.companyId };
    return (users.data ?? [])
      .filter((u) => mayBeChild(parent, { id: u.id, role: u.roleLevel as RoleLevel, companyId: u.companyId }))
      .map((u) => ({ value: u.id, label: `${u.name} — ${u.email}${u.company ? ` (${u.company.code})` : ''}` }));
  }, [users.data, user, role]);
  return (
    <MultiSelect
      label={t('users.fields.children')}
      description={t('users.children_help')}
      searchable
      clearable
      data={data}
      disabled={users.isPending}
      nothingFoundMessage={t('common.no_data')}
      {...form.getInputProps('childIds')}
      style={{ gridColumn: '1 / -1' }}
    />
  );
}

function UserEditForm({ user, onClose, onSaved }: { user: User; onClose: () => void; onSaved: () => void }) {
  const { t } = useTranslation();
  const superadmin = isSuperadmin(usePrincipal());
  const update = useUpdateUser();
  const validate = useMemo(() => schemaResolver(userUpdateSchema), []);
  const form = useForm<UserEditValues>({
    initialValues: editValuesOf(user),
    validate: (values) => validate(toUpdateBody(values, superadmin)),
  });

  const submit = (values: UserEditValues) =>
    update.mutate(
      { id: user.id, body: toUpdateBody(values, superadmin) },
      {
        onSuccess: () => {
          onSaved();
          onClose();
        },
        onError: (error) => applyServerErrors(form, error),
      },
    );

  return (
    <form onSubmit={form.onSubmit(submit, notifyInvalidForm)} noValidate aria-label={t('users.edit_title')}>
      <Stack>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm" verticalSpacing="xs">
          <PersonFields form={form} email={{ readOnly: user.email }} />
          <UserAccessFields form={form} warehouses={user.company?.warehouses ?? []} />
          {superadmin && <ChildrenField form={form} user={user} />}
        </SimpleGrid>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" loading={update.isPending}>
            {t('common.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function UserEditBody({ userId, onClose, onSaved }: UserEditModalProps & { userId: string }) {
  const { t } = useTranslation();
  const user = useUserDetail(userId);
  if (!user.data) {
    return (
      <Center h={200}>
        <Loader aria-label={t('common.loading')} />
      </Center>
    );
  }
  return <UserEditForm user={user.data} onClose={onClose} onSaved={onSaved} />;
}

export function UserEditModal(props: UserEditModalProps) {
  const { t } = useTranslation();
  return (
    <Modal opened={props.userId !== null} onClose={props.onClose} title={t('users.edit_title')}>
      {props.userId && <UserEditBody {...props} userId={props.userId} />}
    </Modal>
  );
}
