/**
 * An active key's actions: its use log, a new secret (rotate) and revoke, the last two confirmed first: revoking
 * stops the key at once, rotating stops its old secret at once or after a day, as chosen. A revoked key has none.
 */
import type { ApiKey, ApiKeyRotate, ApiKeyWithSecret } from '@cellar/shared/apiKeys/schemas';
import { Group, Radio, Stack, Text } from '@mantine/core';
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

  const askRotate = () => {
    // The choice is read when the rotation is confirmed: stop the old secret at once (the default, for a secret
    // that leaked), or keep it a day beside the new one.
    let previousValidHours: ApiKeyRotate['previousValidHours'] = 0;
    modals.openConfirmModal({
      title: t('api_keys.rotate.title'),
      children: (
        <Stack gap="sm">
          <Text size="sm">{t('api_keys.rotate.confirm', { name: apiKey.name })}</Text>
          <Radio.Group
            label={t('api_keys.rotate.previous')}
            defaultValue="0"
            onChange={(value: string) => {
              previousValidHours = value === '24' ? 24 : 0;
            }}
          >
            <Stack gap={6} mt={6}>
              <Radio value="0" label={t('api_keys.rotate.previous_now')} />
              <Radio value="24" label={t('api_keys.rotate.previous_day')} />
            </Stack>
          </Radio.Group>
        </Stack>
      ),
      labels: { confirm: t('api_keys.rotate.title'), cancel: t('common.cancel') },
      confirmProps: { color: 'orange' },
      size: 'md',
      onConfirm: () => rotate.mutate({ id: apiKey.id, previousValidHours }, { onSuccess: onRotated }),
    });
  };
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
