/**
 * Orders and bottles sent per month of the year: loaded on its own (React.lazy), so the cards and panels paint
 * without waiting for the chart library.
 */
import '@mantine/charts/styles.css';
import type { Dashboard } from '@cellar/shared/dashboard/schemas';
import { BarChart } from '@mantine/charts';
import { Card, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

export default function MonthsChart({ months }: { months: NonNullable<Dashboard['months']> }) {
  const { t, i18n } = useTranslation();
  const monthName = new Intl.DateTimeFormat(i18n.language, { month: 'short' });
  const data = months.map((m) => ({
    month: monthName.format(new Date(`${m.month}-15T12:00:00Z`)),
    orders: m.orders,
    bottles: m.bottles,
  }));
  return (
    <Card withBorder padding="md" data-chart="months">
      <Text fw={600} mb="sm">
        {t('dashboard.chart.title')}
      </Text>
      <BarChart
        h={220}
        data={data}
        dataKey="month"
        withLegend
        withRightYAxis
        series={[
          { name: 'orders', label: t('dashboard.chart.orders'), color: 'blue.6' },
          { name: 'bottles', label: t('dashboard.chart.bottles'), color: 'teal.6', yAxisId: 'right' },
        ]}
      />
    </Card>
  );
}
