/**
 * An endpoint's delivery log, in a drawer: its deliveries newest first, each with its event, status, attempts, last
 * attempt and next try; a row opens onto what was sent (the JSON, and an order's tracking links when it shipped),
 * the attempts kept, and a button that sends it again once confirmed. "More" reads the next page; the log is read
 * again on demand, and every 10 s while a delivery is pending.
 */
import type { Webhook, WebhookDelivery } from '@cellar/shared/webhooks/schemas';
import {
  ActionIcon,
  Alert,
  Badge,
  Button,
  Center,
  Code,
  Drawer,
  Group,
  List,
  Loader,
  Stack,
  Table,
  Text,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { modals } from '@mantine/modals';
import { IconChevronDown, IconChevronRight, IconRefresh, IconSend } from '@tabler/icons-react';
import type { TFunction } from 'i18next';
import { Fragment, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { TrackingLinks, trackingOf } from '../../../components/documents/tracking-links';
import { LoadError } from '../../../components/errors/load-error';
import { formatDateTime } from '../../../lib/format';
import { useDeliveries, useReplayDelivery } from '../api/webhooks';
import { eventLabel } from './event-label';

const STATUS_COLOR: Record<WebhookDelivery['status'], string> = {
  delivered: 'teal',
  pending: 'yellow',
  parked: 'red',
};

type Attempt = WebhookDelivery['attempts'][number];

export function DeliveryStatusBadge({ status }: { status: WebhookDelivery['status'] }) {
  const { t } = useTranslation();
  return (
    <Badge color={STATUS_COLOR[status]} variant="light" data-status={status} style={{ overflow: 'visible' }}>
      {t(`webhooks.log.statuses.${status}`)}
    </Badge>
  );
}

const duration = (ms: number, language: string) =>
  new Intl.NumberFormat(language, { style: 'unit', unit: 'millisecond', maximumFractionDigits: 0 }).format(ms);

/** '12 mars 2026 14:05 · HTTP 503 · 120 ms', or the error when no status came. */
function attemptText(t: TFunction, a: Attempt, language: string) {
  const outcome =
    a.status !== null
      ? t('webhooks.log.http', { status: a.status })
      : a.error
        ? t(`webhooks.log.errors.${a.error}`, { defaultValue: a.error })
        : '';
  return [formatDateTime(a.at, language), outcome, duration(a.durationMs, language)].filter(Boolean).join(' · ');
}

/** The reference of the order or reception an event tells of (data.order.reference), if any. */
function documentReference(d: WebhookDelivery): string | null {
  const data = d.payload.data as Record<string, { reference?: unknown } | undefined> | undefined;
  const reference = data?.order?.reference ?? data?.reception?.reference;
  return typeof reference === 'string' ? reference : null;
}

/** The tracking numbers an order.shipped event carries (data.trackingNumbers). */
const trackingIn = (d: WebhookDelivery) => {
  if (d.type !== 'order.shipped') return [];
  const data = d.payload.data as { trackingNumbers?: unknown } | undefined;
  return trackingOf(data?.trackingNumbers);
};

function DeliveryDetail({ delivery, onReplay }: { delivery: WebhookDelivery; onReplay: () => void }) {
  const { t, i18n } = useTranslation();
  const tracking = trackingIn(delivery);
  return (
    <Stack gap="xs" py="xs">
      <Group gap="lg" wrap="wrap">
        <Text size="sm">
          <Text span c="dimmed">
            {t('webhooks.log.event_id')}
          </Text>{' '}
          <Code>{delivery.id}</Code>
        </Text>
        <Text size="sm">
          <Text span c="dimmed">
            {t('webhooks.log.created')}
          </Text>{' '}
          {formatDateTime(delivery.createdAt, i18n.language)}
        </Text>
        {delivery.deliveredAt && (
          <Text size="sm">
            <Text span c="dimmed">
              {t('webhooks.log.delivered_at')}
            </Text>{' '}
            {formatDateTime(delivery.deliveredAt, i18n.language)}
          </Text>
        )}
      </Group>
      {tracking.length > 0 && (
        <Group gap="xs" data-testid="delivery-tracking">
          <Text size="sm" c="dimmed">
            {t('webhooks.log.tracking')}
          </Text>
          <TrackingLinks numbers={tracking} />
        </Group>
      )}
      {delivery.attempts.length > 0 && (
        <div>
          <Text size="sm" fw={500}>
            {t('webhooks.log.attempt_list')}
          </Text>
          <List size="sm" spacing={2}>
            {[...delivery.attempts].reverse().map((a) => (
              <List.Item key={a.at}>{attemptText(t, a, i18n.language)}</List.Item>
            ))}
          </List>
        </div>
      )}
      <div>
        <Text size="sm" fw={500}>
          {t('webhooks.log.payload')}
        </Text>
        {/* A scrolling region: reached by the keyboard, named for a screen reader. */}
        <Code
          block
          data-testid="delivery-payload"
          tabIndex={0}
          role="region"
          aria-label={t('webhooks.log.payload')}
          style={{ maxHeight: 320, overflow: 'auto' }}
        >
          {JSON.stringify(delivery.payload, null, 2)}
        </Code>
      </div>
      <Group>
        <Button size="xs" variant="default" leftSection={<IconSend size={14} />} onClick={onReplay}>
          {t('webhooks.log.replay')}
        </Button>
      </Group>
    </Stack>
  );
}

function DeliveryRows({ webhook, delivery }: { webhook: Webhook; delivery: WebhookDelivery }) {
  const { t, i18n } = useTranslation();
  const [open, setOpen] = useState(false);
  const replay = useReplayDelivery();
  const last = delivery.attempts.at(-1);
  const reference = documentReference(delivery);
  const detailId = `delivery-${delivery.id}`;

  const confirmReplay = () =>
    modals.openConfirmModal({
      title: t('webhooks.log.replay_title'),
      children: <Text size="sm">{t('webhooks.log.replay_confirm', { id: delivery.id })}</Text>,
      labels: { confirm: t('webhooks.log.replay'), cancel: t('common.cancel') },
      onConfirm: () => replay.mutate({ id: webhook.id, deliveryId: delivery.id }),
    });

  return (
    <Fragment>
      <Table.Tr data-testid="delivery-row" data-delivery={delivery.id}>
        <Table.Td w={36}>
          <ActionIcon
            variant="subtle"
            size="sm"
            aria-expanded={open}
            aria-controls={detailId}
            aria-label={t(open ? 'webhooks.log.hide' : 'webhooks.log.show', { id: delivery.id })}
            onClick={() => setOpen((o) => !o)}
          >
            {open ? <IconChevronDown size={16} /> : <IconChevronRight size={16} />}
          </ActionIcon>
        </Table.Td>
        <Table.Td>
          <Text size="sm" fw={500}>
            {eventLabel(t, delivery.type)}
            {reference && ` · ${reference}`}
          </Text>
          <Text size="xs" c="dimmed" ff="monospace" style={{ overflowWrap: 'anywhere' }}>
            {delivery.type} · {delivery.id}
          </Text>
        </Table.Td>
        <Table.Td style={{ whiteSpace: 'nowrap' }}>
          <DeliveryStatusBadge status={delivery.status} />
        </Table.Td>
        <Table.Td ta="right">{delivery.attemptCount}</Table.Td>
        <Table.Td>
          <Text size="sm">{last ? attemptText(t, last, i18n.language) : '—'}</Text>
        </Table.Td>
        <Table.Td>
          <Text size="sm">
            {delivery.status === 'pending' && delivery.nextAt ? formatDateTime(delivery.nextAt, i18n.language) : '—'}
          </Text>
        </Table.Td>
        <Table.Td>
          <Button
            size="compact-xs"
            variant="subtle"
            leftSection={<IconSend size={14} />}
            loading={replay.isPending}
            onClick={confirmReplay}
            aria-label={`${t('webhooks.log.replay')} ${delivery.id}`}
          >
            {t('webhooks.log.replay')}
          </Button>
        </Table.Td>
      </Table.Tr>
      {open && (
        <Table.Tr id={detailId}>
          <Table.Td colSpan={7} style={{ maxWidth: 0 }}>
            <DeliveryDetail delivery={delivery} onReplay={confirmReplay} />
          </Table.Td>
        </Table.Tr>
      )}
    </Fragment>
  );
}

function DeliveryTable({ webhook }: { webhook: Webhook }) {
  const { t } = useTranslation();
  const log = useDeliveries(webhook.id);
  const deliveries = log.data?.pages.flatMap((p) => p.data) ?? [];
  const pending = deliveries.some((d) => d.status === 'pending');

  if (log.isPending) {
    return (
      <Center h={160}>
        <Loader aria-label={t('common.loading')} />
      </Center>
    );
  }
  if (log.isError && !log.data) {
    return (
      <LoadError
        title={t('webhooks.load_error_title')}
        message={t('webhooks.log.load_error')}
        onRetry={() => void log.refetch()}
        retrying={log.isFetching}
      />
    );
  }
  return (
    <Stack gap="sm">
      <Group justify="space-between" wrap="wrap">
        <Text size="xs" c="dimmed" aria-live="polite">
          {pending ? t('webhooks.log.auto_refresh') : ''}
        </Text>
        <Button
          size="xs"
          variant="default"
          leftSection={<IconRefresh size={14} />}
          loading={log.isFetching && !log.isFetchingNextPage}
          onClick={() => void log.refetch()}
        >
          {t('webhooks.log.refresh')}
        </Button>
      </Group>
      {deliveries.length === 0 ? (
        <Alert variant="light" color="gray">
          {t('webhooks.log.empty')}
        </Alert>
      ) : (
        <Table.ScrollContainer minWidth={720}>
          <Table verticalSpacing="xs" aria-label={t('webhooks.log.title')} data-testid="delivery-log">
            <Table.Thead>
              <Table.Tr>
                <Table.Th w={36}>
                  <VisuallyHidden>{t('webhooks.log.payload')}</VisuallyHidden>
                </Table.Th>
                <Table.Th>{t('webhooks.log.event')}</Table.Th>
                <Table.Th>{t('webhooks.log.status')}</Table.Th>
                <Table.Th ta="right">{t('webhooks.log.attempts')}</Table.Th>
                <Table.Th>{t('webhooks.log.last_attempt')}</Table.Th>
                <Table.Th>{t('webhooks.log.next_try')}</Table.Th>
                <Table.Th>
                  <VisuallyHidden>{t('webhooks.log.replay')}</VisuallyHidden>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {deliveries.map((d) => (
                <DeliveryRows key={d.id} webhook={webhook} delivery={d} />
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {log.hasNextPage && (
        <Group justify="center">
          <Button variant="default" loading={log.isFetchingNextPage} onClick={() => void log.fetchNextPage()}>
            {t('webhooks.log.more')}
          </Button>
        </Group>
      )}
    </Stack>
  );
}

export function DeliveryLogDrawer({ webhook, onClose }: { webhook: Webhook | null; onClose: () => void }) {
  const { t } = useTranslation();
  const phone = useMediaQuery('(max-width: 48em)');
  return (
    <Drawer
      opened={webhook !== null}
      onClose={onClose}
      position="right"
      size={phone ? '100%' : 'xl'}
      title={
        <Stack gap={0}>
          <Title order={2} size="h4">
            {t('webhooks.log.title')}
          </Title>
          {webhook && (
            <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
              {webhook.url}
            </Text>
          )}
        </Stack>
      }
      closeButtonProps={{ 'aria-label': t('common.close') }}
    >
      {webhook && <DeliveryTable key={webhook.id} webhook={webhook} />}
    </Drawer>
  );
}
