/**
 * Step 2 of the order wizard (spec 2 §2, §5): the products with sellable stock in the chosen warehouses (the
 * user's only; the filter opens on the warehouses the user selected last, lib/selected-warehouses.ts) and the
 * order's segment, their available quantity, a quantity up to it (Enter adds; more is refused
 * with its message, never cut), and the cart. A product with one lot takes from it; a product with several opens
 * the allocation modal.
 */
import { isSuperadmin } from '@cellar/shared/access/roles';
import type { Product } from '@cellar/shared/products/schemas';
import type { Stock } from '@cellar/shared/stocks/schemas';
import { parseWholeNumber } from '@cellar/shared/validation/validators';
import type { Warehouse } from '@cellar/shared/warehouses/schemas';
import { MultiSelect, Stack } from '@mantine/core';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ProductDetailModal } from '../../../components/catalogue/product-detail-modal';
import { CartTable } from '../../../components/documents/cart-table';
import { useProductSearch } from '../../../components/documents/get-products';
import { type ProductColumn, ProductPicker } from '../../../components/documents/product-picker';
import { usePrincipal, useUser } from '../../../lib/auth';
import { notify } from '../../../lib/notifications';
import { queryClient } from '../../../lib/query-client';
import { selectedWarehouses } from '../../../lib/selected-warehouses';
import { type OrderScope, orderLotsQueryOptions, orderProductFilters, useOrderLots } from '../api/get-order-lots';
import { lineOfLot, type OrderCartLine, orderCartRows, orderedOf, withoutLine, withProductLines } from '../utils/cart';
import { AllocationModal, type AllocationRequest, lotOffer } from './allocation-modal';

type OfferedLot = Stock & { offer: number };

/** Lots by product, each with what it may give the order. */
function lotsByProduct(lots: readonly Stock[], heldOf: (stockId: string) => number) {
  const by = new Map<string, OfferedLot[]>();
  for (const lot of lots)
    by.set(lot.product.id, [...(by.get(lot.product.id) ?? []), { ...lot, offer: lotOffer(lot, heldOf(lot.id)) }]);
  return by;
}

interface OrderProductsStepProps {
  scope: Omit<OrderScope, 'warehouseIds'>;
  /** The warehouses the user works in, which the filter offers. */
  warehouses: readonly Warehouse[];
  /** The user works in some of the owner's warehouses only: no warehouse chosen means those. */
  restricted: boolean;
  cart: readonly OrderCartLine[];
  /** What the stored order already holds of each lot (its allocation, once sent). */
  heldOf: (stockId: string) => number;
  lineErrors: Readonly<Record<string, string>>;
  onCart: (cart: OrderCartLine[]) => void;
}

export function OrderProductsStep(props: OrderProductsStepProps) {
  const { scope, warehouses, restricted, cart, heldOf, lineErrors, onCart } = props;
  const { t } = useTranslation();
  const superadmin = isSuperadmin(usePrincipal());
  const userId = useUser().id;
  const [warehouseIds, setWarehouseIds] = useState(() => selectedWarehouses.get(userId, warehouses));
  const selectWarehouses = (ids: string[]) => {
    setWarehouseIds(ids);
    selectedWarehouses.set(userId, ids);
  };
  const fullScope = {
    ...scope,
    warehouseIds: warehouseIds.length || !restricted ? warehouseIds : warehouses.map((w) => w.id),
  };
  const found = useProductSearch(orderProductFilters(fullScope), '', superadmin ? ['owner'] : []);
  const productIds = (found.products.data?.data ?? []).map((p) => p.id);
  const lots = useOrderLots(fullScope, productIds);
  const [detail, setDetail] = useState<Product | null>(null);
  const [request, setRequest] = useState<AllocationRequest | null>(null);

  const lotsOf = useMemo(() => lotsByProduct(lots.data ?? [], heldOf), [lots.data, heldOf]);
  // While the page's lots load (or are the previous page's), what is available is not known yet.
  const known = !lots.isPlaceholderData && lots.isSuccess;
  const availableOf = (productId: string) => (lotsOf.get(productId) ?? []).reduce((n, l) => n + l.offer, 0);

  /** A quantity typed: checked against the product's lots as they are now. */
  const onQuantity = async (product: Product, value: string | number) => {
    const p = { id: product.id, code: product.code, label: product.label };
    const fresh = await queryClient.fetchQuery(orderLotsQueryOptions(fullScope, [product.id])).catch(() => null);
    if (!fresh) return;
    const productLots = lotsByProduct(fresh, heldOf).get(product.id) ?? [];
    const available = productLots.reduce((n, l) => n + l.offer, 0);
    const required = parseWholeNumber(value);
    if (required === null) return;
    // The lots may have changed since the grid showed them: a quantity above them now is refused, not cut.
    if (required > available) {
      notify(
        'warning',
        t('order.stock_insufficient', { product: p.code, label: p.label, ordered: required, available }),
      );
      return;
    }
    const [only] = productLots;
    if (required === 0) onCart(withProductLines(cart, product.id, []));
    else if (productLots.length === 1 && only)
      onCart(withProductLines(cart, product.id, [lineOfLot(p, only, required)]));
    else {
      const current = Object.fromEntries(
        cart.filter((l) => l.product.id === product.id).map((l) => [l.stockId, l.ordered] as const),
      );
      setRequest({ product: p, required, lots: productLots, current });
    }
  };

  const columns: ProductColumn[] = [
    ...(superadmin ? [{ header: t('orders.columns.owner_code'), cell: (p: Product) => p.owner?.code ?? '' }] : []),
    { header: t('orders.wizard.available'), cell: (p: Product) => (known ? availableOf(p.id) : '…') },
  ];

  return (
    <Stack gap="md">
      <ProductPicker
        found={found}
        quantityOf={(id) => orderedOf(cart, id)}
        maxOf={(p) => (known ? availableOf(p.id) : undefined)}
        onQuantity={(product, value) => void onQuantity(product, value)}
        onDetail={setDetail}
        columns={columns}
        actions={
          <MultiSelect
            label={t('orders.wizard.warehouse_filter')}
            placeholder={warehouseIds.length ? undefined : t('orders.wizard.all_warehouses')}
            data={warehouses.map((w) => ({ value: w.id, label: `${w.code} - ${w.name}` }))}
            value={warehouseIds}
            onChange={selectWarehouses}
            clearable
            w={{ base: '100%', sm: 320 }}
          />
        }
      />
      <CartTable
        rows={orderCartRows(cart, lineErrors)}
        quantityHeader={t('orders.columns.ordered')}
        withWarehouse
        onRemove={(stockId) => onCart(withoutLine(cart, stockId))}
      />
      <AllocationModal
        request={request}
        onClose={() => setRequest(null)}
        onConfirm={(split) => {
          if (!request) return;
          const byId = new Map(request.lots.map((l) => [l.id, l]));
          const lines = split.flatMap((a) => {
            const lot = byId.get(a.stockId);
            return lot ? [lineOfLot(request.product, lot, a.quantity)] : [];
          });
          onCart(withProductLines(cart, request.product.id, lines));
          setRequest(null);
        }}
      />
      <ProductDetailModal productId={detail?.id ?? null} code={detail?.code} onClose={() => setDetail(null)} />
    </Stack>
  );
}
