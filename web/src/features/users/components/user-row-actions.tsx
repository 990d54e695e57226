/**
 * A user row's icons: edit, act as (superadmin), deactivate or activate, delete, the last three confirmed first.
 * Rows one may not manage (one's own, roles not below one's own) have none of them but impersonation.
 */
import type { User } from '@cellar/shared/users/schemas';
import { Group, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { IconLogin2, IconPencil, IconTrash, IconUserCheck, IconUserOff } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { confirmImpersonation } from '../../../components/layouts/impersonation';
import { RowIcon } from '../../../components/ui/row-icon';
import { impersonate } from '../../../lib/auth';
import { useDeleteUser } from '../api/delete-user';
import { useUpdateUser } from '../api/update-user';
import { activationBody } from '../utils/user-rules';

interface UserRowActionsProps {
  user: User;
  manageable: boolean;
  impersonable: boolean;
  onEdit: (user: User) => void;
  onChanged: () => void;
}

export function UserRowActions({ user, manageable, impersonable, onEdit, onChanged }: UserRowActionsProps) {
  const { t } = useTranslation();
  const update = useUpdateUser();
  const remove = useDeleteUser();
  const who = `${user.name} (${user.email})`;

  const confirm = (title: string, text: string, color: string, onConfirm: () => void) =>
    modals.openConfirmModal({
      title,
      children: <Text size="sm">{text}</Text>,
      labels: { confirm: title, cancel: t('common.cancel') },
      confirmProps: { color },
      size: 'md',
      onConfirm,
    });

  const setActive = (active: boolean) => {
    const title = t(active ? 'users.activate' : 'users.deactivate');
    confirm(
      title,
      t(active ? 'users.activate_confirm' : 'users.deactivate_confirm', { who }),
      active ? 'green' : 'orange',
      () =>
        update.mutate(
          {
            id: user.id,
            body: activationBody(user, active),
            messages: { update: t(active ? 'users.activated' : 'users.deactivated') },
          },
          { onSuccess: onChanged },
        ),
    );
  };

  const askDelete = () =>
    confirm(t('common.delete'), t('users.delete_confirm', { who }), 'red', () =>
      remove.mutate(user.id, { onSuccess: onChanged }),
    );

  return (
    <Group gap={2} wrap="nowrap" h="100%">
      {manageable && (
        <RowIcon label={`${t('common.edit')} ${user.email}`} icon={IconPencil} onClick={() => onEdit(user)} />
      )}
      {impersonable && (
        <RowIcon
          label={`${t('users.impersonate')} ${user.email}`}
          icon={IconLogin2}
          onClick={() => confirmImpersonation(t, who, () => void impersonate(user.id).catch(() => undefined))}
        />
      )}
      {manageable &&
        (user.active ? (
          <RowIcon
            label={`${t('users.deactivate')} ${user.email}`}
            icon={IconUserOff}
            color="orange"
            onClick={() => setActive(false)}
          />
        ) : (
          <RowIcon
            label={`${t('users.activate')} ${user.email}`}
            icon={IconUserCheck}
            color="green"
            onClick={() => setActive(true)}
          />
        ))}
      {manageable && (
        <RowIcon label={`${t('common.delete')} ${user.email}`} icon={IconTrash} color="red" onClick={askDelete} />
      )}
    </Group>
  );
}
