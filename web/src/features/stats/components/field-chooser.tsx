/** The pivot's field chooser: which fields make the rows, and whether the dates go by day or by month. */
import { Checkbox, Group, SegmentedControl, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { DATE_GROUPINGS, type DateGrouping, type PivotLayout, ROW_FIELDS, type RowField } from '../utils/pivot';

interface FieldChooserProps {
  layout: PivotLayout;
  onChange: (layout: PivotLayout) => void;
}

export function FieldChooser({ layout, onChange }: FieldChooserProps) {
  const { t } = useTranslation();
  return (
    <Group gap="lg" aria-label={t('stats.field_chooser')} role="group">
      <Checkbox.Group
        label={t('stats.rows')}
        value={layout.rowFields}
        onChange={(values) => onChange({ ...layout, rowFields: values as RowField[] })}
      >
        <Group gap="sm" mt={4}>
          {ROW_FIELDS.map((f) => (
            <Checkbox key={f} value={f} label={t(`stats.fields.${f}`)} />
          ))}
        </Group>
      </Checkbox.Group>
      <div>
        <Text size="sm" fw={500}>
          {t('stats.columns')}
        </Text>
        <SegmentedControl
          mt={4}
          size="xs"
          aria-label={t('stats.columns')}
          value={layout.dateGrouping}
          onChange={(v) => onChange({ ...layout, dateGrouping: v as DateGrouping })}
          data={DATE_GROUPINGS.map((g) => ({ value: g, label: t(`stats.by_${g}`) }))}
        />
      </div>
    </Group>
  );
}
