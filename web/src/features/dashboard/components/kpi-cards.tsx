/**
 * The key figures (spec 1 §2), each a card opening the list it counts, pre-filtered (`grid_filters`): only those
 * the answer carries, i.e. those of the caller's scopes.
 */
import { cardFilters, type Dashboard, type DashboardCard } from '@cellar/shared/dashboard/schemas';
import { Card, SimpleGrid, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../../config/paths';

const LISTS: Record<DashboardCard, string> = {
  yearOrdersCount: paths.orders.list.path,
  yearBottlesCount: paths.orders.list.path,
  referencesCount: paths.stock.list.path,
  bottlesCount: paths.stock.list.path,
  yearReceptionsCount: paths.receptions.list.path,
};
const ORDER: DashboardCard[] = [
  'yearOrdersCount',
  'yearBottlesCount',
  'referencesCount',
  'bottlesCount',
  'yearReceptionsCount',
];

/** The list a card opens: its filter, and the superadmin's chosen owner. */
export function cardLink(card: DashboardCard, year: number, ownerId: string | null): string {
  const filters = [cardFilters(year)[card], ownerId ? `filter[owner.id]=${ownerId}` : ''].filter(Boolean).join('&');
  return filters ? `${LISTS[card]}?grid_filters=${encodeURIComponent(filters)}` : LISTS[card];
}

export function KpiCards({ data, ownerId }: { data: Dashboard; ownerId: string | null }) {
  const { t, i18n } = useTranslation();
  const cards = ORDER.filter((c) => data.kpi[c] !== undefined);
  if (!cards.length) return null;
  return (
    <SimpleGrid cols={{ base: 1, xs: 2, md: Math.min(cards.length, 5) }}>
      {cards.map((card) => (
        <Card
          key={card}
          component={Link}
          to={cardLink(card, data.year, ownerId)}
          withBorder
          padding="md"
          data-card={card}
        >
          <Text size="xl" fw={700} data-figure>
            {(data.kpi[card] ?? 0).toLocaleString(i18n.language)}
          </Text>
          <Text size="sm" c="dimmed">
            {t(`dashboard.kpi.${card}`, { year: data.year })}
          </Text>
        </Card>
      ))}
    </SimpleGrid>
  );
}
