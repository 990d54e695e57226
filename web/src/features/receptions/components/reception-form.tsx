/**
 * The reception form of /reception/create and /reception/modify/{id} (spec 3 §2, §4, §5, §8): three steps
 * (warehouse, products, details). The first cart line creates the reception as a draft and each later cart change
 * updates it, one save at a time; the details are saved on send (status 001, after the shared rules pass) or
 * save-as-draft. A reception already sent keeps its reference and is saved on send only.
 */
import { isSuperadmin } from '@cellar/shared/access/roles';
import type { SegmentCode } from '@cellar/shared/common/schemas';
import type { Product } from '@cellar/shared/products/schemas';
import {
  RECEPTION_QUANTITY_MAX,
  RECEPTION_REFERENCE_MAX,
  type Reception,
  type ReceptionStatusCode,
  type receptionCreateSchema,
  receptionIssues,
} from '@cellar/shared/receptions/schemas';
import { MESSAGES } from '@cellar/shared/validation/validators';
import { Button, Group, Paper, Select, Stack, Stepper, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { modals } from '@mantine/modals';
import { IconArrowLeft, IconArrowRight, IconPlus } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type * as z from 'zod';
import { ProductDetailModal } from '../../../components/catalogue/product-detail-modal';
import { CartTable } from '../../../components/documents/cart-table';
import { DocumentFooter, type Sending } from '../../../components/documents/document-footer';
import { useProductSearch } from '../../../components/documents/get-products';
import { onlyChoice } from '../../../components/documents/owner-context';
import { ProductPicker } from '../../../components/documents/product-picker';
import { useOwnerContext } from '../../../components/documents/use-owner-context';
import { DayFromTodayInput } from '../../../components/forms/day-from-today-input';
import { OwnerAccountField } from '../../../components/forms/owner-account-field';
import { paths, receptionCreatePath, receptionPath } from '../../../config/paths';
import type { CallMessages } from '../../../lib/api-client';
import { usePrincipal, useUser } from '../../../lib/auth';
import { applyServerErrors, notifyInvalidForm } from '../../../lib/form';
import { i18n } from '../../../lib/i18n';
import { notify } from '../../../lib/notifications';
import { selectedWarehouses } from '../../../lib/selected-warehouses';
import { receptionProductFilters } from '../api/reception-products';
import { useCreateReception, useUpdateReception } from '../api/save-reception';
import {
  type CartLine,
  cartOf,
  cartProductOf,
  cartRows,
  linesBody,
  productQuantity,
  quantityAction,
  withLine,
  withoutLine,
  withProductQuantity,
} from '../utils/cart';
import { currentReception } from '../utils/current-reception';
import {
  type CartScope,
  canLeave,
  cartHolds,
  initialStep,
  missingWarehouseFields,
  type Step,
  type WizardState,
} from '../utils/wizard';
import { type StockChoice, StockSelectModal } from './stock-select-modal';
import { SupplierField } from './supplier-field';

export interface ReceptionFormValues {
  ownerId: string | null;
  segment: SegmentCode | null;
  warehouseId: string | null;
  reference: string;
  expectedAt: string | null;
  supplierId: string | null;
}

interface ReceptionFormProps {
  reception?: Reception;
  /** The page is /reception/modify/{id} (else /reception/create). */
  modifyRoute: boolean;
  /** ?product_id=: back from creating a product, shown in the product search. */
  product?: Product | null;
  /** ?supplier_id=: back from creating a supplier. */
  supplierId?: string | null;
}

const formValuesOf = (r: Reception | undefined, supplierId: string | null | undefined): ReceptionFormValues => ({
  ownerId: r?.ownerId ?? null,
  segment: r?.segment ?? null,
  warehouseId: r?.warehouseId ?? null,
  reference: r?.reference ?? '',
  expectedAt: r?.expectedAt ?? null,
  supplierId: supplierId ?? r?.supplierId ?? null,
});

type ReceptionProductsProps = Omit<React.ComponentProps<typeof ProductPicker>, 'found' | 'maxOf'> & {
  scope: Parameters<typeof receptionProductFilters>[0];
  initialSearch: string;
};

/** The product grid over the products the reception may receive. */
function ReceptionProducts({ scope, initialSearch, ...picker }: ReceptionProductsProps) {
  const found = useProductSearch(receptionProductFilters(scope), initialSearch);
  return <ProductPicker found={found} maxOf={() => RECEPTION_QUANTITY_MAX} {...picker} />;
}

export function ReceptionForm({ reception, modifyRoute, product, supplierId }: ReceptionFormProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const superadmin = isSuperadmin(usePrincipal());
  const userId = useUser().id;
  const create = useCreateReception();
  const update = useUpdateReception();
  const form = useForm<ReceptionFormValues>({ initialValues: formValuesOf(reception, supplierId) });
  const { values } = form;
  const owner = useOwnerContext(values.ownerId, reception);
  const [cart, setCart] = useState<CartLine[]>(() => (reception ? cartOf(reception) : []));
  const statusCode: ReceptionStatusCode = reception?.statusCode ?? '000';
  const draft = statusCode === '000';
  const receptionId = useRef<string | null>(reception?.id ?? null);
  const saving = useRef<Promise<unknown>>(Promise.resolve());
  const [sending, setSending] = useState<Sending>(null);
  const [choice, setChoice] = useState<StockChoice | null>(null);
  const [detail, setDetail] = useState<Product | null>(null);

  const wizard = (lines = cart.length): WizardState => ({
    superadmin,
    ownerId: values.ownerId,
    pooled: owner.pooled,
    segment: values.segment,
    warehouseId: values.warehouseId,
    supplierId: values.supplierId,
    lineCount: lines,
  });
  const [step, setStep] = useState<Step>(() => initialStep(wizard(), Boolean(product)));
  // What step 0 chose when the cart was filled: going back to look at it keeps the cart.
  const cartScope = useRef<CartScope>({
    ownerId: values.ownerId,
    warehouseId: values.warehouseId,
    segment: values.segment,
  });

  // A single segment or warehouse is chosen for the user; else the warehouse they selected to work in.
  useEffect(() => {
    if (owner.loading) return;
    const segment = onlyChoice(owner.segments);
    const warehouse = onlyChoice(owner.warehouses)?.id ?? selectedWarehouses.only(userId, owner.warehouses);
    if (!owner.pooled && !form.values.segment && segment) form.setFieldValue('segment', segment);
    if (!form.values.warehouseId && warehouse) form.setFieldValue('warehouseId', warehouse);
  }, [owner.loading, owner.pooled, owner.segments, owner.warehouses, form, userId]);

  /** The reception as the API takes it, in a status. */
  const bodyOf = (status: ReceptionStatusCode, lines: readonly CartLine[]): z.input<typeof receptionCreateSchema> => {
    const v = form.getValues();
    return {
      ...(superadmin && v.ownerId ? { ownerId: v.ownerId } : {}),
      segment: owner.pooled ? null : v.segment,
      warehouseId: v.warehouseId ?? '',
      reference: v.reference,
      expectedAt: v.expectedAt || null,
      supplierId: v.supplierId || null,
      statusCode: status,
      stocks: linesBody(lines),
    };
  };

  /**
   * Creates the reception (a draft until sent) or updates it; later saves wait for earlier ones. `messages` word the
   * outcome of the saves the user asked for (a cart change's save says nothing).
   */
  const save = (status: ReceptionStatusCode, lines: readonly CartLine[], messages?: CallMessages) => {
    const run = async () => {
      const { ownerId: _owner, ...body } = bodyOf(status, lines);
      const id = receptionId.current;
      if (id) {
        // Once sent, the reference is locked.
        return update.mutateAsync({
          id,
          body: statusCode === '000' ? body : { ...body, reference: undefined },
          messages,
        });
      }
      const created = await create.mutateAsync({ body: bodyOf(status, lines), messages });
      receptionId.current = created.id;
      currentReception.set(created.id);
      if (!modifyRoute) navigate(receptionCreatePath(created.id), { replace: true });
      return created;
    };
    const next = saving.current.catch(() => undefined).then(run);
    saving.current = next;
    return next;
  };

  /** A cart change: shown at once, and saved while the reception is a draft. */
  const changeCart = (next: CartLine[]) => {
    setCart(next);
    if (draft) save('000', next).catch(() => undefined);
  };

  const onQuantity = (product: Product, value: string | number) => {
    const p = cartProductOf(product);
    const action = quantityAction(p, value);
    if (action === 'chooseStock') setChoice({ product: p, quantity: Number(value) });
    else changeCart(withProductQuantity(cart, p, value));
  };

  /** Where the contact and product forms come back to, with the reception saved first. */
  const returnPath = async () => {
    if (draft) await save('000', cart);
    const id = receptionId.current;
    return modifyRoute && id ? receptionPath('modify', id) : receptionCreatePath(id);
  };

  const addProduct = async () => {
    const origin = await returnPath();
    const query = new URLSearchParams({ origin, warehouse_id: values.warehouseId ?? '' });
    navigate(`${paths.products.create.path}?${query.toString()}`);
  };

  const addSupplier = async () => {
    const origin = await returnPath();
    navigate(`${paths.contacts.supplier.create.path}?${new URLSearchParams({ origin, type: 'supplier' }).toString()}`);
  };

  const goToProducts = () => {
    const missing = missingWarehouseFields(wizard());
    if (missing.length) {
      form.setErrors(Object.fromEntries(missing.map((f) => [f, t(MESSAGES.required)])));
      notifyInvalidForm();
      return;
    }
    const v = form.getValues();
    const now = { ownerId: v.ownerId, warehouseId: v.warehouseId, segment: v.segment };
    const forward = () => {
      cartScope.current = now;
      setStep(1);
    };
    if (cart.length === 0 || cartHolds(cartScope.current, now, owner.pooled)) {
      forward();
      return;
    }
    // The products depend on the warehouse and segment (spec 3 §2): other ones empty the cart, or the user goes back.
    const before = cartScope.current;
    modals.openConfirmModal({
      title: t('receptions.empty_cart_title'),
      children: <Text size="sm">{t('receptions.empty_cart_confirm', { count: cart.length })}</Text>,
      labels: { confirm: t('receptions.empty_cart'), cancel: t('receptions.keep_cart') },
      onConfirm: () => {
        changeCart([]);
        forward();
      },
      onCancel: () => form.setValues({ warehouseId: before.warehouseId, segment: before.segment }),
    });
  };

  const goToDetails = () => {
    if (!canLeave(1, wizard())) {
      notify('warning', t('receptions.cart_required'));
      return;
    }
    setStep(2);
  };

  const goTo = (target: number) => {
    if (target < step) setStep(target as Step);
    else if (target === 1 && step === 0) goToProducts();
    else if (target === 2 && step === 1) goToDetails();
  };

  /** The shared rules (the server's own) on the reception as it would be stored, as messages by field. */
  const issuesOf = (status: ReceptionStatusCode) => {
    const v = form.getValues();
    const found = receptionIssues(
      {
        statusCode: status,
        segment: owner.pooled ? null : v.segment,
        reference: v.reference,
        expectedAt: v.expectedAt,
        supplierId: v.supplierId,
        stocks: cart,
      },
      { pooled: owner.pooled, segments: owner.segments },
    ).map((i) => [i.path.join('.'), i18n.t(i.key, i.params)] as const);
    if (v.reference.trim().length > RECEPTION_REFERENCE_MAX) {
      found.push(['reference', i18n.t(MESSAGES.maxLength, { max: RECEPTION_REFERENCE_MAX })]);
    }
    return Object.fromEntries(found.reverse());
  };

  const submit = async (status: '000' | '001') => {
    const errors = issuesOf(status);
    form.setErrors(errors);
    if (Object.keys(errors).length) {
      notifyInvalidForm();
      return;
    }
    setSending(status === '001' ? 'send' : 'draft');
    try {
      const success = t(
        status === '001' ? 'reception.create_validate_success_msg' : 'reception.create_draft_success_msg',
      );
      await save(status, cart, { success });
      if (status === '001') currentReception.clear();
      navigate(paths.receptions.list.path);
    } catch (error) {
      // The reception stays as it was (a draft stays a draft); the server's messages go on their fields.
      applyServerErrors(form, error);
    } finally {
      setSending(null);
    }
  };

  const segmentData = owner.segments.map((code) => ({ value: code, label: t(`segments.${code}`) }));
  const warehouseData = owner.warehouses.map((w) => ({ value: w.id, label: `${w.code} - ${w.name}` }));
  const ownerFixed = Boolean(receptionId.current);

  return (
    <Paper withBorder p={{ base: 'xs', sm: 'md' }}>
      <Stepper active={step} onStepClick={goTo} size="sm" aria-label={t('receptions.steps_label')}>
        <Stepper.Step label={t('receptions.steps.warehouse')}>
          <Stack gap="sm" maw={520} mt="md" role="form" aria-label={t('receptions.steps.warehouse')}>
            {superadmin && (
              <OwnerAccountField
                label={t('receptions.fields.account')}
                withAsterisk
                fixed={ownerFixed ? { account: reception?.owner } : undefined}
                value={values.ownerId}
                error={form.errors.ownerId}
                onChange={(id) => form.setValues({ ownerId: id, segment: null, warehouseId: null })}
              />
            )}
            {!owner.pooled && (
              <Select
                label={t('receptions.fields.segment')}
                withAsterisk
                data={segmentData}
                {...form.getInputProps('segment')}
              />
            )}
            <Select
              label={t('receptions.fields.warehouse')}
              withAsterisk
              data={warehouseData}
              nothingFoundMessage={t('common.no_data')}
              {...form.getInputProps('warehouseId')}
            />
            <Group justify="flex-end">
              <Button rightSection={<IconArrowRight size={16} />} onClick={goToProducts}>
                {t('receptions.next')}
              </Button>
            </Group>
          </Stack>
        </Stepper.Step>

        <Stepper.Step label={t('receptions.steps.products')}>
          <Stack gap="md" mt="md">
            {step === 1 && (
              <ReceptionProducts
                key={product?.code ?? ''}
                scope={{
                  ownerId: superadmin ? values.ownerId : null,
                  warehouseId: values.warehouseId,
                  segment: owner.pooled ? null : values.segment,
                }}
                initialSearch={product?.code ?? ''}
                quantityOf={(id) => productQuantity(cart, id)}
                onQuantity={onQuantity}
                onDetail={setDetail}
                actions={
                  <Button
                    variant="light"
                    leftSection={<IconPlus size={16} />}
                    onClick={() => addProduct().catch(() => undefined)}
                  >
                    {t('receptions.create_product')}
                  </Button>
                }
              />
            )}
            <CartTable
              rows={cartRows(cart)}
              quantityHeader={t('receptions.columns.expected')}
              onRemove={(key) => changeCart(withoutLine(cart, key))}
            />
            <Group justify="space-between">
              <Button variant="default" leftSection={<IconArrowLeft size={16} />} onClick={() => setStep(0)}>
                {t('receptions.previous')}
              </Button>
              <Button rightSection={<IconArrowRight size={16} />} onClick={goToDetails}>
                {t('receptions.next')}
              </Button>
            </Group>
          </Stack>
        </Stepper.Step>

        <Stepper.Step label={t('receptions.steps.details')}>
          <Stack gap="sm" mt="md" maw={640} role="form" aria-label={t('receptions.steps.details')}>
            <TextInput
              label={t('receptions.fields.reference')}
              withAsterisk
              maxLength={RECEPTION_REFERENCE_MAX}
              readOnly={!draft}
              variant={draft ? 'default' : 'filled'}
              {...form.getInputProps('reference')}
            />
            <DayFromTodayInput
              label={t('receptions.fields.expected_at')}
              withAsterisk
              w={{ base: '100%', sm: 220 }}
              {...form.getInputProps('expectedAt')}
            />
            <Group align="flex-end" gap="xs">
              <SupplierField
                ownerId={superadmin ? values.ownerId : null}
                value={values.supplierId}
                onChange={(id) => form.setFieldValue('supplierId', id)}
                error={form.errors.supplierId}
              />
              <Button
                variant="light"
                leftSection={<IconPlus size={16} />}
                onClick={() => addSupplier().catch(() => undefined)}
              >
                {t('receptions.add_supplier')}
              </Button>
            </Group>
            <DocumentFooter
              sending={sending}
              onPrevious={() => setStep(1)}
              onDraft={draft ? () => void submit('000') : undefined}
              onSend={() => void submit('001')}
              labels={{
                previous: t('receptions.previous'),
                draft: t('receptions.save_draft'),
                send: t('receptions.send'),
              }}
            />
          </Stack>
        </Stepper.Step>
      </Stepper>
      {values.warehouseId && (
        <StockSelectModal
          choice={choice}
          warehouseId={values.warehouseId}
          segment={owner.pooled ? null : values.segment}
          onClose={() => setChoice(null)}
          onAdd={(line) => {
            setChoice(null);
            changeCart(withLine(cart, line));
          }}
        />
      )}
      <ProductDetailModal productId={detail?.id ?? null} code={detail?.code} onClose={() => setDetail(null)} />
    </Paper>
  );
}
