/**
 * A day not before today (Europe/Paris), typed as DD/MM/YYYY or picked, weeks starting on Monday: the expected
 * date of a reception, the delivery or pickup date of an order or a shipping order. The calendar offers no past
 * day, but a past day typed stays in the field for the form's shared rule to refuse with its message: `minDate`
 * would empty it on blur, behind the user's back.
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
      excludeDate={(day) => day < todayIn()}
      clearable
      popoverProps={{ withinPortal: true }}
      {...props}
    />
  );
}
