/**
 * An order's tracking numbers (order detail and list, timeline, dashboard): each a link to the carrier's page when
 * the warehouse gave one, opened in a new tab and named so ('COL123, carrier's tracking page (opens in a new tab)'),
 * else the number alone. Only web addresses are links: an address of another kind (javascript:…) from a report is
 * shown as the number alone.
 */
import type { Tracking } from '@cellar/shared/orders/schemas';
import { Anchor, Group, Text, VisuallyHidden } from '@mantine/core';
import { IconExternalLink } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

/** The address when it is a web page (http or https), else null. */
export function webAddress(url: string | null | undefined): string | null {
  if (!url) return null;
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'https:' || parsed.protocol === 'http:' ? parsed.href : null;
  } catch {
    return null;
  }
}

/** Reads a report's tracking numbers from a loose value (a timeline event's details). */
export function trackingOf(value: unknown): Tracking[] {
  if (!Array.isArray(value)) return [];
  return value.flatMap((v) =>
    v && typeof v === 'object' && typeof (v as { number?: unknown }).number === 'string'
      ? [
          {
            number: (v as { number: string }).number,
            url: typeof (v as { url?: unknown }).url === 'string' ? (v as { url: string }).url : null,
          },
        ]
      : [],
  );
}

export function TrackingLink({ tracking, size = 'sm' }: { tracking: Tracking; size?: 'xs' | 'sm' }) {
  const { t } = useTranslation();
  const href = webAddress(tracking.url);
  if (!href) {
    return (
      <Text span size={size} fw={500}>
        {tracking.number}
      </Text>
    );
  }
  return (
    <Anchor href={href} target="_blank" rel="noopener noreferrer" size={size} fw={500}>
      {tracking.number}
      <IconExternalLink size={12} style={{ marginLeft: 2, verticalAlign: 'middle' }} aria-hidden />
      <VisuallyHidden>
        , {t('documents.tracking_page')} {t('documents.new_tab')}
      </VisuallyHidden>
    </Anchor>
  );
}

/** The numbers side by side, wrapping on a phone. */
export function TrackingLinks({ numbers, size = 'sm' }: { numbers: readonly Tracking[]; size?: 'xs' | 'sm' }) {
  return (
    <Group component="span" gap="xs" wrap="wrap" style={{ display: 'inline-flex' }}>
      {numbers.map((n) => (
        <TrackingLink key={n.number} tracking={n} size={size} />
      ))}
    </Group>
  );
}
