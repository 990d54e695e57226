/**
 * The keys as a plain table (a company holds at most 20 active ones): name, hint, access, modules, company (the
 * provider's staff), creation, last use, status and the row's actions. On a phone it scrolls sideways, its
 * viewport a Tab stop so that a keyboard scrolls it too.
 */
import type { ApiKey, ApiKeyWithSecret } from '@cellar/shared/apiKeys/schemas';
import { Badge, ScrollArea, Stack, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { moduleLabel } from '../../../components/forms/module-choices';
import { formatDateTime } from '../../../lib/format';
import { ApiKeyRowActions } from './api-key-row-actions';

interface ApiKeysTableProps {
  keys: readonly ApiKey[];
  withCompany: boolean;
  onUses: (key: ApiKey) => void;
  onRotated: (made: ApiKeyWithSecret) => void;
}

function Dated({ at, below }: { at: string; below: string | null }) {
  const { i18n } = useTranslation();
  return (
    <Stack gap={0}>
      <Text size="sm">{formatDateTime(at, i18n.language)}</Text>
      {below && (
        <Text size="xs" c="dimmed">
          {below}
        </Text>
      )}
    </Stack>
  );
}

export function ApiKeysTable({ keys, withCompany, onUses, onRotated }: ApiKeysTableProps) {
  const { t } = useTranslation();
  const roles = { reader: t('api_keys.roles.reader'), user: t('api_keys.roles.user') };
  const label = t('api_keys.table_label');
  return (
    <ScrollArea type="auto" viewportProps={{ tabIndex: 0, 'aria-label': label }}>
      <Table withTableBorder verticalSpacing="xs" miw={withCompany ? 1200 : 1060} data-testid="api-keys">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('api_keys.columns.name')}</Table.Th>
            <Table.Th>{t('api_keys.columns.hint')}</Table.Th>
            <Table.Th>{t('api_keys.columns.access')}</Table.Th>
            <Table.Th>{t('api_keys.columns.modules')}</Table.Th>
            {withCompany && <Table.Th>{t('api_keys.columns.company')}</Table.Th>}
            <Table.Th>{t('api_keys.columns.created')}</Table.Th>
            <Table.Th>{t('api_keys.columns.last_used')}</Table.Th>
            <Table.Th>{t('api_keys.columns.status')}</Table.Th>
            <Table.Th>{t('api_keys.columns.actions')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {keys.map((k) => (
            <Table.Tr key={k.id} data-key-id={k.id}>
              <Table.Td fw={500}>{k.name}</Table.Td>
              <Table.Td ff="monospace" fz="xs">
                {k.hint}
              </Table.Td>
              <Table.Td>{roles[k.role]}</Table.Td>
              <Table.Td>
                <Text size="sm" miw={160} maw={280}>
                  {k.scope.map((s) => t(moduleLabel(s))).join(', ')}
                </Text>
              </Table.Td>
              {withCompany && <Table.Td>{`${k.company.code} - ${k.company.name}`}</Table.Td>}
              <Table.Td>
                <Dated at={k.createdAt} below={t('api_keys.by', { name: k.createdBy.name })} />
              </Table.Td>
              <Table.Td>
                {k.lastUsedAt ? (
                  <Dated
                    at={k.lastUsedAt}
                    below={k.lastUsedFrom ? t('api_keys.from', { address: k.lastUsedFrom }) : null}
                  />
                ) : (
                  <Text size="sm" c="dimmed">
                    {t('api_keys.never')}
                  </Text>
                )}
              </Table.Td>
              <Table.Td>
                <Badge color={k.status === 'active' ? 'green' : 'gray'} variant="light" miw="max-content">
                  {k.status === 'active' ? t('api_keys.status.active') : t('api_keys.status.revoked')}
                </Badge>
              </Table.Td>
              <Table.Td>
                <ApiKeyRowActions apiKey={k} onUses={onUses} onRotated={onRotated} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </ScrollArea>
  );
}
