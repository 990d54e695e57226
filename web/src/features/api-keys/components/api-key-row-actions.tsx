/**
 * An active key's actions: its use log, a new secret (rotate) and revoke, the last two confirmed first: both stop
 * the key in use at once. A revoked key has none.
 */
import type { ApiKey, ApiKeyWithSecret } from '@cellar/shared/apiKeys/schemas';
import { Group, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { IconHistory, IconKeyOff, IconRefresh } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { RowIcon } from '../../../components/ui/row-icon';
import { useRevokeApiKey, useRotateApiKey } from '../api/api-keys';

interface ApiKeyRowActionsProps {
  apiKey: ApiKey;
  onUses: (key: ApiKey) => void;
  onRotated: (made: ApiKeyWithSecret) => void;
}

export function ApiKeyRowActions({ apiKey, onUses, onRotated }: ApiKeyRowActionsProps) {
  const { t } = useTranslation();
  const rotate = useRotateApiKey();
  const revoke = useRevokeApiKey();
  if (apiKey.status !== 'active') return null;

  const confirm = (title: string, text: string, color: string, onConfirm: () => void) =>
    modals.openConfirmModal({
      title,
      children: <Text size="sm">{text}</Text>,
      labels: { confirm: title, cancel: t('common.cancel') },
      confirmProps: { color },
      size: 'md',
      onConfirm,
    });

  const askRotate = () =>
    confirm(t('api_keys.rotate.title'), t('api_keys.rotate.confirm', { name: apiKey.name }), 'orange', () =>
      rotate.mutate(apiKey.id, { onSuccess: onRotated }),
    );
  const askRevoke = () =>
    confirm(t('api_keys.revoke.title'), t('api_keys.revoke.confirm', { name: apiKey.name }), 'red', () =>
      revoke.mutate(apiKey.id),
    );

  return (
    <Group gap={2} wrap="nowrap">
      <RowIcon label={t('api_keys.uses.action')} name={apiKey.name} icon={IconHistory} onClick={() => onUses(apiKey)} />
      <RowIcon
        label={t('api_keys.rotate.action')}
        name={apiKey.name}
        icon={IconRefresh}
        color="orange"
        loading={rotate.isPending}
        onClick={askRotate}
      />
      <RowIcon
        label={t('api_keys.revoke.action')}
        name={apiKey.name}
        icon={IconKeyOff}
        color="red"
        loading={revoke.isPending}
        onClick={askRevoke}
      />
    </Group>
  );
}
