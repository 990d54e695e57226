import { RECEPTION_STATUS } from '@cellar/shared/receptions/status';
import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** Reception chips follow the other flows' colours: draft grey, awaiting blue, in progress orange, closed green. */
const COLORS: Record<string, string> = { '000': 'gray', '001': 'blue', '100': 'orange', '200': 'green' };

export const receptionStatusLabel = (code: string) => RECEPTION_STATUS.byCode(code)?.labelKey ?? code;

export function ReceptionStatusBadge({ code }: { code: string }) {
  const { t } = useTranslation();
  return (
    <Badge color={COLORS[code] ?? 'gray'} variant="light" radius="sm">
      {t(receptionStatusLabel(code))}
    </Badge>
  );
}
