/** A key's use log: one row per minute it was used in, newest first, with its requests and last source. */
import type { ApiKey } from '@cellar/shared/apiKeys/schemas';
import { Center, Loader, Modal, ScrollArea, Stack, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { LoadError } from '../../../components/errors/load-error';
import { formatDateTime, formatNumber } from '../../../lib/format';
import { useApiKeyUses } from '../api/api-keys';

function UsesTable({ apiKey }: { apiKey: ApiKey }) {
  const { t, i18n } = useTranslation();
  const uses = useApiKeyUses(apiKey.id);
  if (uses.isPending) {
    return (
      <Center h={120}>
        <Loader aria-label={t('common.loading')} />
      </Center>
    );
  }
  if (uses.isError) {
    return (
      <LoadError
        title={t('api_keys.uses.action')}
        message={t('api_keys.load_error')}
        onRetry={() => void uses.refetch()}
        retrying={uses.isFetching}
      />
    );
  }
  if (uses.data.length === 0) return <Text c="dimmed">{t('api_keys.uses.empty')}</Text>;
  const title = t('api_keys.uses.title', { name: apiKey.name });
  return (
    <Stack gap="xs">
      <Text size="sm" c="dimmed">
        {t('api_keys.uses.help')}
      </Text>
      <ScrollArea.Autosize mah="60vh" type="auto" viewportProps={{ tabIndex: 0, 'aria-label': title }}>
        <Table striped verticalSpacing={4} data-testid="api-key-uses">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('api_keys.uses.minute')}</Table.Th>
              <Table.Th ta="right">{t('api_keys.uses.requests')}</Table.Th>
              <Table.Th>{t('api_keys.uses.last_from')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {uses.data.map((u) => (
              <Table.Tr key={u.minute}>
                <Table.Td>{formatDateTime(u.minute, i18n.language)}</Table.Td>
                <Table.Td ta="right">{formatNumber(u.requests, i18n.language)}</Table.Td>
                <Table.Td ff="monospace">{u.lastFrom}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </ScrollArea.Autosize>
    </Stack>
  );
}

export function ApiKeyUsesModal({ apiKey, onClose }: { apiKey: ApiKey | null; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Modal
      opened={apiKey !== null}
      onClose={onClose}
      title={apiKey ? t('api_keys.uses.title', { name: apiKey.name }) : ''}
      size="lg"
    >
      {apiKey && <UsesTable apiKey={apiKey} />}
    </Modal>
  );
}
