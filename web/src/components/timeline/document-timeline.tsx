/**
 * A document's history (order and reception detail pages): each event of its timeline, oldest first, with when
 * (date and time in the reader's language), who (a person, a person acting as another, the warehouse) and what
 * (the event, the status it moved from and to, and what it said: a reason, short picks, tracking numbers, the
 * differences of a count). Loading, empty and failed reads are said in place; a failed read offers a retry.
 */
import type { TimelineEvent } from '@cellar/shared/timeline/schemas';
import { Badge, Box, Group, List, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { type ReactNode, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime, formatDay } from '../../lib/format';
import { currentLanguage } from '../../lib/i18n';
import { TrackingLinks } from '../documents/tracking-links';
import { LoadError } from '../errors/load-error';
import { orderStatusLabel } from '../status/order-status-badge';
import { receptionStatusLabel } from '../status/reception-status-badge';
import { type TimelineKind, useTimeline } from './get-timeline';
import { eventDetails } from './timeline-details';

/** The title of each kind of event: a person's act, or the warehouse's report by its message type. */
const EVENTS: Record<string, { label: string }> = {
  created: { label: 'timeline.events.created' },
  sent: { label: 'timeline.events.sent' },
  modified: { label: 'timeline.events.modified' },
  status: { label: 'timeline.events.status' },
  cancelled: { label: 'timeline.events.cancelled' },
  cancellation_requested: { label: 'timeline.events.cancellation_requested' },
  counted: { label: 'timeline.events.counted' },
  'order.acknowledged': { label: 'timeline.events.order_acknowledged' },
  'order.refused': { label: 'timeline.events.order_refused' },
  'order.preparing': { label: 'timeline.events.order_preparing' },
  'order.prepared': { label: 'timeline.events.order_prepared' },
  'order.shipped': { label: 'timeline.events.order_shipped' },
  'order.cancellation_confirmed': { label: 'timeline.events.order_cancellation_confirmed' },
  'order.cancellation_refused': { label: 'timeline.events.order_cancellation_refused' },
  'reception.arrived': { label: 'timeline.events.reception_arrived' },
  'reception.received': { label: 'timeline.events.reception_received' },
};

const STATUS_LABELS: Record<TimelineKind, (code: string) => string> = {
  order: orderStatusLabel,
  reception: receptionStatusLabel,
};

/** Who did it: the warehouse, the system, a person, or a superadmin acting as that person. */
function useActor() {
  const { t } = useTranslation();
  return (actor: TimelineEvent['actor']) => {
    if (actor.type === 'warehouse') return t('timeline.actor.warehouse');
    if (actor.type === 'system') return t('timeline.actor.system');
    const name = actor.name || t('timeline.actor.unknown');
    return actor.actingFor ? t('timeline.actor.acting_for', { actingFor: actor.actingFor, name }) : name;
  };
}

function EventItem({ event, kind }: { event: TimelineEvent; kind: TimelineKind }) {
  const { t } = useTranslation();
  const language = currentLanguage();
  const actorOf = useActor();
  const details = eventDetails(event);
  const status = STATUS_LABELS[kind];
  const title = EVENTS[event.type]
    ? t(EVENTS[event.type]?.label ?? '')
    : t('timeline.events.other', { type: event.type });
  const product = (code: string, batch: string | null) => (batch ? t('timeline.product_batch', { code, batch }) : code);
  // Each line of the event, named: a fixed set, in a fixed order.
  const lines: [string, ReactNode][] = [];
  if (event.from && event.to && event.from !== event.to) {
    lines.push(['status', t('timeline.status_change', { from: t(status(event.from)), to: t(status(event.to)) })]);
  }
  if (details.reason) lines.push(['reason', t('timeline.reason', { reason: details.reason })]);
  if (details.preparationDate) {
    lines.push(['preparation', t('timeline.preparation_date', { date: formatDay(details.preparationDate, language) })]);
  }
  if (details.appointmentDate) {
    lines.push(['appointment', t('timeline.appointment_date', { date: formatDay(details.appointmentDate, language) })]);
  }
  if (details.trackingNumbers.length > 0) {
    lines.push([
      'tracking',
      <Group key="tracking" gap={6} wrap="wrap">
        <span>{t('timeline.tracking')}</span>
        <TrackingLinks numbers={details.trackingNumbers} />
      </Group>,
    ]);
  }
  if (details.carrierCode) lines.push(['carrier', t('timeline.carrier', { code: details.carrierCode })]);
  if (details.exitPoint) lines.push(['exit', t('timeline.exit_point', { value: details.exitPoint })]);
  if (details.packings !== null && details.packings > 0) {
    lines.push(['packings', t('timeline.packings', { count: details.packings })]);
  }
  if (details.exciseDocument) lines.push(['excise', t('timeline.excise_document', { value: details.exciseDocument })]);

  return (
    <Box component="li" pl="md" pb="md" style={{ borderLeft: '2px solid var(--mantine-color-gray-3)' }}>
      <Stack gap={2}>
        <Text size="xs" c="dimmed">
          <time dateTime={event.at}>{formatDateTime(event.at, language)}</time>
          {' · '}
          {actorOf(event.actor)}
        </Text>
        <Group gap="xs" wrap="wrap">
          <Text size="sm" fw={600} component="span">
            {title}
          </Text>
          {details.override && (
            <Badge size="sm" color="orange" variant="light" radius="sm">
              {t('timeline.override')}
            </Badge>
          )}
          {details.late && (
            <Badge size="sm" color="gray" variant="light" radius="sm">
              {t('timeline.late')}
            </Badge>
          )}
        </Group>
        {lines.map(([key, line]) => (
          <Text key={key} size="sm" component="div">
            {line}
          </Text>
        ))}
        {details.short &&
          (details.short.length > 0 ? (
            <Box>
              <Text size="sm">{t('timeline.short_title')}</Text>
              <List size="sm" withPadding>
                {details.short.map((s) => (
                  <List.Item key={`${s.productCode}|${s.batch ?? ''}`}>
                    {t('timeline.short_line', {
                      product: product(s.productCode, s.batch),
                      prepared: s.prepared,
                      ordered: s.ordered,
                    })}
                  </List.Item>
                ))}
              </List>
            </Box>
          ) : (
            <Text size="sm">{t('timeline.short_none')}</Text>
          ))}
        {details.differences &&
          (details.differences.length > 0 ? (
            <Box>
              <Text size="sm">{t('timeline.differences_title')}</Text>
              <List size="sm" withPadding>
                {details.differences.map((d) => (
                  <List.Item key={`${d.productCode}|${d.quality}|${d.batch ?? ''}`}>
                    {d.expected === 0
                      ? t('timeline.difference_not_announced', {
                          product: product(d.productCode, d.batch),
                          quality: d.quality,
                          received: d.received,
                        })
                      : t('timeline.difference_line', {
                          product: product(d.productCode, d.batch),
                          quality: d.quality,
                          received: d.received,
                          expected: d.expected,
                        })}
                  </List.Item>
                ))}
              </List>
            </Box>
          ) : (
            <Text size="sm">{t('timeline.differences_none')}</Text>
          ))}
      </Stack>
    </Box>
  );
}

/** The events as read, oldest first. */
export function TimelineEvents({ events, kind }: { events: readonly TimelineEvent[]; kind: TimelineKind }) {
  const { t } = useTranslation();
  if (events.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        {t('timeline.empty')}
      </Text>
    );
  }
  return (
    <Box component="ol" m={0} p={0} style={{ listStyle: 'none' }} data-testid="timeline">
      {events.map((e) => (
        <EventItem key={e.id} event={e} kind={kind} />
      ))}
    </Box>
  );
}

interface DocumentTimelineProps {
  kind: TimelineKind;
  id: string;
  /** The document's last change (`updatedAt`): when it moves, the history is read again. */
  version?: string;
}

export function DocumentTimeline({ kind, id, version }: DocumentTimelineProps) {
  const { t } = useTranslation();
  const { data, error, refetch, isFetching } = useTimeline(kind, id);
  const title = t('timeline.title');
  const seen = useRef(version);
  useEffect(() => {
    if (version === seen.current) return;
    seen.current = version;
    void refetch();
  }, [version, refetch]);

  return (
    <Paper withBorder p="md" component="section" aria-label={title}>
      <Title order={4} mb="xs">
        {title}
      </Title>
      {data ? (
        <TimelineEvents events={data} kind={kind} />
      ) : error ? (
        <LoadError
          title={t('timeline.load_error')}
          message={error.message}
          onRetry={() => void refetch()}
          retrying={isFetching}
        />
      ) : (
        <Group gap="xs">
          <Loader size="sm" aria-hidden />
          <Text size="sm" c="dimmed" role="status">
            {t('common.loading')}
          </Text>
        </Group>
      )}
    </Paper>
  );
}
