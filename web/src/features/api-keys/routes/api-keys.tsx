/**
 * The API keys page (admins and the provider's staff): the company's keys, a new one, its secret shown once, the
 * use log, rotation and revocation. The provider's staff see every company's keys, or one company's.
 */
import '../locales/texts';
import { isSuperadmin } from '@cellar/shared/access/roles';
import type { ApiKey, ApiKeyWithSecret } from '@cellar/shared/apiKeys/schemas';
import { Button, Center, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadError } from '../../../components/errors/load-error';
import { OwnerAccountField } from '../../../components/forms/owner-account-field';
import { paths } from '../../../config/paths';
import { usePrincipal } from '../../../lib/auth';
import { useApiKeys } from '../api/api-keys';
import { ApiKeyCreateModal } from '../components/api-key-create-modal';
import { ApiKeySecretModal } from '../components/api-key-secret-modal';
import { ApiKeyUsesModal } from '../components/api-key-uses-modal';
import { ApiKeysTable } from '../components/api-keys-table';

function ApiKeyList({
  companyId,
  withCompany,
  onUses,
  onRotated,
}: {
  companyId: string | null;
  withCompany: boolean;
  onUses: (key: ApiKey) => void;
  onRotated: (made: ApiKeyWithSecret) => void;
}) {
  const { t } = useTranslation();
  const list = useApiKeys(companyId);
  if (list.isPending) {
    return (
      <Center h={160}>
        <Loader aria-label={t('common.loading')} />
      </Center>
    );
  }
  if (list.isError) {
    return (
      <LoadError
        title={t(paths.apiKeys.title)}
        message={t('api_keys.load_error')}
        onRetry={() => void list.refetch()}
        retrying={list.isFetching}
      />
    );
  }
  const keys = list.data.pages.flatMap((p) => p.data);
  if (keys.length === 0) return <Text c="dimmed">{t('api_keys.empty')}</Text>;
  return (
    <Stack gap="sm">
      <ApiKeysTable keys={keys} withCompany={withCompany} onUses={onUses} onRotated={onRotated} />
      {list.hasNextPage && (
        <Group justify="center">
          <Button variant="default" onClick={() => void list.fetchNextPage()} loading={list.isFetchingNextPage}>
            {t('api_keys.more')}
          </Button>
        </Group>
      )}
    </Stack>
  );
}

export function ApiKeysRoute() {
  const { t } = useTranslation();
  const superadmin = isSuperadmin(usePrincipal());
  const [companyId, setCompanyId] = useState<string | null>(null);
  const [creating, setCreating] = useState(false);
  const [made, setMade] = useState<ApiKeyWithSecret | null>(null);
  const [uses, setUses] = useState<ApiKey | null>(null);
  const showSecret = (key: ApiKeyWithSecret) => {
    setCreating(false);
    setMade(key);
  };

  return (
    <Stack>
      <Title order={2}>{t(paths.apiKeys.title)}</Title>
      <Text size="sm" c="dimmed" maw={820}>
        {t('api_keys.intro')}
      </Text>
      <Group justify="space-between" align="flex-end">
        {superadmin ? (
          <OwnerAccountField
            label={t('api_keys.company_filter')}
            placeholder={t('api_keys.all_companies')}
            clearable
            value={companyId}
            onChange={setCompanyId}
            w={320}
            maw="100%"
          />
        ) : (
          <span />
        )}
        <Button leftSection={<IconPlus size={16} />} onClick={() => setCreating(true)}>
          {t('api_keys.add')}
        </Button>
      </Group>
      <ApiKeyList companyId={companyId} withCompany={superadmin} onUses={setUses} onRotated={showSecret} />
      <ApiKeyCreateModal opened={creating} onClose={() => setCreating(false)} onCreated={showSecret} />
      <ApiKeySecretModal made={made} onDone={() => setMade(null)} />
      <ApiKeyUsesModal apiKey={uses} onClose={() => setUses(null)} />
    </Stack>
  );
}
