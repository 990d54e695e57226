/**
 * A day not before today (Europe/Paris), typed as DD/MM/YYYY or picked, weeks starting on Monday: the expected
 * date of a reception, the delivery or pickup date of an order.
 */
import { todayIn } from '@cellar/shared/common/dates';
import { DateInput, type DateInputProps } from '@mantine/dates';
import { useTranslation } from 'react-i18next';
import { parseDay } from '../../lib/format';

export function DayFromTodayInput(props: DateInputProps) {
  const { t } = useTranslation();
  return (
    <DateInput
      valueFormat="DD/MM/YYYY"
      dateParser={parseDay}
      placeholder={t('export_csv.date_placeholder')}
      firstDayOfWeek={1}
      minDate={todayIn()}
      clearable
      popoverProps={{ withinPortal: true }}
      {...props}
    />
  );
}
