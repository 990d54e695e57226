import { SHIPPING_ORDER_COLORS, SHIPPING_ORDER_STATUS } from '@cellar/shared/shippingOrders/status';
import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';

export const shippingOrderStatusLabel = (code: string) => SHIPPING_ORDER_STATUS.byCode(code)?.labelKey ?? code;

/** A shipping order status chip in the spec's colours: draft and created blue, planified amber, delivered green. */
export function ShippingOrderStatusBadge({ code }: { code: string }) {
  const { t } = useTranslation();
  return (
    <Badge color={SHIPPING_ORDER_COLORS[code] ?? 'gray'} variant="filled" radius="sm" data-status={code}>
      {t(shippingOrderStatusLabel(code))}
    </Badge>
  );
}
