/**
 * The endpoints: address, label, events, status, creation (and the company, for the provider's staff), each with
 * its log, edit, pause or resume, new secret and delete. A table that scrolls sideways on a phone.
 */
import type { Webhook } from '@cellar/shared/webhooks/schemas';
import { Badge, Group, Stack, Table, Text } from '@mantine/core';
import { IconKey, IconListDetails, IconPencil, IconPlayerPause, IconPlayerPlay, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { RowIcon } from '../../../components/ui/row-icon';
import { formatDateTime } from '../../../lib/format';
import { eventLabel } from './event-label';

export interface WebhookActions {
  onLog: (w: Webhook) => void;
  onEdit: (w: Webhook) => void;
  onToggle: (w: Webhook) => void;
  onRotate: (w: Webhook) => void;
  onDelete: (w: Webhook) => void;
}

interface WebhooksTableProps extends WebhookActions {
  webhooks: Webhook[];
  showCompany: boolean;
}

export function WebhooksTable({ webhooks, showCompany, ...actions }: WebhooksTableProps) {
  const { t, i18n } = useTranslation();
  return (
    <Table.ScrollContainer minWidth={showCompany ? 960 : 860}>
      <Table verticalSpacing="sm" highlightOnHover data-testid="webhooks-table">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('webhooks.columns.url')}</Table.Th>
            {showCompany && <Table.Th>{t('webhooks.columns.company')}</Table.Th>}
            <Table.Th>{t('webhooks.columns.description')}</Table.Th>
            <Table.Th>{t('webhooks.columns.events')}</Table.Th>
            <Table.Th>{t('webhooks.columns.status')}</Table.Th>
            <Table.Th>{t('webhooks.columns.created')}</Table.Th>
            <Table.Th>{t('webhooks.columns.actions')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {webhooks.map((w) => (
            <Table.Tr key={w.id} data-webhook={w.id}>
              <Table.Td maw={320}>
                <Text size="sm" ff="monospace" style={{ overflowWrap: 'anywhere' }}>
                  {w.url}
                </Text>
              </Table.Td>
              {showCompany && (
                <Table.Td>
                  <Text size="sm">{w.company.code ? `${w.company.code} - ${w.company.name}` : w.companyId}</Text>
                </Table.Td>
              )}
              <Table.Td>
                <Text size="sm">{w.description}</Text>
              </Table.Td>
              <Table.Td>
                <Stack gap={2} component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
                  {w.events.map((e) => (
                    <Text key={e} size="sm" component="li">
                      {eventLabel(t, e)}
                    </Text>
                  ))}
                </Stack>
              </Table.Td>
              <Table.Td>
                <Badge color={w.active ? 'teal' : 'gray'} variant="light">
                  {t(w.active ? 'webhooks.status.active' : 'webhooks.status.paused')}
                </Badge>
              </Table.Td>
              <Table.Td>
                <Text size="sm">{formatDateTime(w.createdAt, i18n.language)}</Text>
              </Table.Td>
              <Table.Td>
                <Group gap={2} wrap="nowrap">
                  <RowIcon
                    label={t('webhooks.actions.log')}
                    name={w.url}
                    icon={IconListDetails}
                    onClick={() => actions.onLog(w)}
                  />
                  <RowIcon
                    label={t('webhooks.actions.edit')}
                    name={w.url}
                    icon={IconPencil}
                    onClick={() => actions.onEdit(w)}
                  />
                  <RowIcon
                    label={t(w.active ? 'webhooks.actions.pause' : 'webhooks.actions.resume')}
                    name={w.url}
                    icon={w.active ? IconPlayerPause : IconPlayerPlay}
                    onClick={() => actions.onToggle(w)}
                  />
                  <RowIcon
                    label={t('webhooks.actions.rotate')}
                    name={w.url}
                    icon={IconKey}
                    onClick={() => actions.onRotate(w)}
                  />
                  <RowIcon
                    label={t('webhooks.actions.delete')}
                    name={w.url}
                    icon={IconTrash}
                    color="red"
                    onClick={() => actions.onDelete(w)}
                  />
                </Group>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
