/**
 * The order wizard of /order/create and /order/modify/{id} (spec 2 §2, §4, §5, §8): account and segment, then
 * products, then details. The first cart line creates the order as a draft (POST, with an Idempotency-Key) and each
 * later cart change of a draft updates it (PUT), one save at a time; the details are saved on send (005, after the
 * shared rules pass) or save-as-draft. The server's refusals land on their fields, and on their cart lines.
 */
import { isSuperadmin } from '@cellar/shared/access/roles';
import { addressFields, checkAddress } from '@cellar/shared/common/address';
import type { SegmentCode } from '@cellar/shared/common/schemas';
import type { Contact } from '@cellar/shared/contacts/schemas';
import { issueKey } from '@cellar/shared/i18n/messages';
import {
  type Order,
  type OrderCarrierFacts,
  type OrderStatusCode,
  orderCreateSchema,
  orderIssues,
} from '@cellar/shared/orders/schemas';
import { orderRules } from '@cellar/shared/orders/status';
import {
  type CartScope,
  cartHolds,
  defaultPickupManaged,
  withCarrier,
  withPickupManagement,
  wizardStep,
} from '@cellar/shared/orders/wizard';
import { MESSAGES } from '@cellar/shared/validation/validators';
import type { Warehouse } from '@cellar/shared/warehouses/schemas';
import { Button, Group, Paper, Select, Stack, Stepper, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { modals } from '@mantine/modals';
import { IconArrowLeft, IconArrowRight, IconFileTypePdf } from '@tabler/icons-react';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { DocumentFooter, type Sending } from '../../../components/documents/document-footer';
import { onlyChoice } from '../../../components/documents/owner-context';
import { useOwnerContext } from '../../../components/documents/use-owner-context';
import { emptyAddress } from '../../../components/forms/address-values';
import { OwnerAccountField } from '../../../components/forms/owner-account-field';
import { orderCreatePath, paths } from '../../../config/paths';
import { ApiError, type CallMessages } from '../../../lib/api-client';
import { usePrincipal, useUser } from '../../../lib/auth';
import { notifyInvalidForm } from '../../../lib/form';
import { i18n } from '../../../lib/i18n';
import { notify } from '../../../lib/notifications';
import { useOwnerCarriers } from '../api/get-carriers';
import { downloadOrderPdf, useCreateOrder, useUpdateOrder } from '../api/save-order';
import { cartOfOrder, lineErrors, type OrderCartLine } from '../utils/cart';
import { currentOrder } from '../utils/current-order';
import { formPath, formValuesOf, type OrderFormValues, orderBody } from '../utils/form-values';
import { DestinationWarehouseModal } from './destination-warehouse-modal';
import { OrderDetailsStep } from './order-details-step';
import { OrderProductsStep } from './order-products-step';

export interface OrderPreload {
  /** ?recipient_id=: the recipient contact, its address copied. */
  recipient?: Contact | null;
  /** ?carrier_id=. */
  carrierId?: string | null;
}

interface OrderWizardProps {
  order?: Order;
  /** The page is /order/modify/{id} (else /order/create). */
  modifyRoute: boolean;
  preload?: OrderPreload;
}

/** A recipient contact's address copied into the order. */
const withRecipient = (v: OrderFormValues, contact: Contact): OrderFormValues => ({
  ...v,
  customerId: contact.id,
  address: { ...emptyAddress(), ...contact.address },
  hasRecipient: true,
});

function initialValues(order: Order | undefined, ownerId: string | null, preload: OrderPreload | undefined) {
  let v = formValuesOf(order, ownerId);
  if (preload?.recipient) {
    v = withRecipient(v, preload.recipient);
    v.segment = v.segment ?? preload.recipient.segment;
  }
  if (preload?.carrierId) v.carrierId = preload.carrierId;
  return v;
}

/** The form's values as the shared wizard rules see an order (the address is its recipient). */
type RuledValues = OrderFormValues & { recipient: OrderFormValues['address'] };

export function OrderWizard({ order, modifyRoute, preload }: OrderWizardProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const superadmin = isSuperadmin(usePrincipal());
  const user = useUser();
  const create = useCreateOrder();
  const update = useUpdateOrder();
  const form = useForm<OrderFormValues>({
    initialValues: initialValues(order, superadmin ? null : (user.company?.id ?? null), preload),
  });
  const { values } = form;
  const owner = useOwnerContext(superadmin ? values.ownerId : null, order);
  const carriers = useOwnerCarriers(values.ownerId, values.segment);
  const [cart, setCart] = useState<OrderCartLine[]>(() => (order ? cartOfOrder(order) : []));
  const statusCode: OrderStatusCode = order?.statusCode ?? '000';
  const draft = statusCode === '000';
  // A draft is given its reference here, whether it was opened to continue it or from its pencil.
  const referenceLocked = orderRules.isReferenceLocked(statusCode);
  const orderId = useRef<string | null>(order?.id ?? null);
  const idempotencyKey = useRef(crypto.randomUUID());
  const saving = useRef<Promise<unknown>>(Promise.resolve());
  const [sending, setSending] = useState<Sending>(null);
  const busy = useRef(false);
  const [lineErrs, setLineErrs] = useState<Record<string, string>>({});
  const [destination, setDestination] = useState<Warehouse[] | null>(null);
  const [downloading, setDownloading] = useState(false);
  const [step, setStep] = useState(() => wizardStep(form.getValues()) - 1);
  // What step 1 chose when the cart was filled: going back to look at it keeps the cart.
  const cartScope = useRef<CartScope>({ ownerId: values.ownerId, segment: values.segment });

  // What the stored order holds of each lot once sent (an order in 010 may take its own quantities again).
  const heldOf = useCallback(
    (stockId: string) =>
      statusCode === '000'
        ? 0
        : (order?.stocks ?? []).filter((l) => l.stockId === stockId).reduce((n, l) => n + l.ordered, 0),
    [order, statusCode],
  );

  /** Applies a shared wizard rule (what a choice sets and clears) to the form. */
  const applyRule = useCallback(
    (rule: (o: RuledValues) => RuledValues, extra: Partial<OrderFormValues> = {}) => {
      const v = form.getValues();
      const { recipient, ...rest } = rule({ ...v, recipient: v.address });
      form.setValues({ ...rest, address: recipient, ...extra });
    },
    [form],
  );

  /** A segment sets its default pickup management (B2B: the provider's). */
  const chooseSegment = useCallback(
    (segment: SegmentCode | null) =>
      applyRule((o) => withPickupManagement(o, defaultPickupManaged(segment)), { segment }),
    [applyRule],
  );

  // The user's own draft, continued or opened from its pencil, is the tab's current order (spec 1 §3).
  useEffect(() => {
    if (order && draft && order.createdBy?.id === user.id) currentOrder.set(order.id);
  }, [order, draft, user.id]);

  // A single segment is chosen for the user.
  useEffect(() => {
    if (owner.loading || form.values.segment) return;
    const only = onlyChoice(owner.segments);
    if (only) chooseSegment(only);
  }, [owner.loading, owner.segments, form.values.segment, chooseSegment]);

  const reportSaveError = (error: unknown, lines: readonly OrderCartLine[]) => {
    if (!(error instanceof ApiError)) return;
    const fields = error.fieldErrors;
    const byLine = lineErrors(lines, fields);
    setLineErrs(byLine);
    if (Object.keys(byLine).length) setStep(1);
    form.setErrors(
      Object.fromEntries(
        Object.entries(fields)
          .filter(([f]) => !f.startsWith('stocks.'))
          .map(([f, messages]) => [formPath(f), messages.join(' ')]),
      ),
    );
  };

  /**
   * Creates the order (a draft until sent) or updates it; later saves wait for earlier ones. `messages` word the
   * outcome of the saves the user asked for (a cart change's save says nothing).
   */
  const save = (status: OrderStatusCode, lines: readonly OrderCartLine[], messages?: CallMessages) => {
    const run = async () => {
      const body = orderBody(form.getValues(), status, lines, superadmin);
      const id = orderId.current;
      if (id) {
        const { ownerId: _owner, ...rest } = body;
        return update.mutateAsync({ id, body: referenceLocked ? { ...rest, reference: undefined } : rest, messages });
      }
      // One key for this form's order: a retry after a lost answer or a refusal writes (or answers) that order.
      const created = await create.mutateAsync({ body, idempotencyKey: idempotencyKey.current, messages });
      orderId.current = created.id;
      if (created.statusCode === '000') currentOrder.set(created.id);
      if (!modifyRoute) navigate(orderCreatePath(created.id), { replace: true });
      return created;
    };
    const next = saving.current.catch(() => undefined).then(run);
    saving.current = next;
    return next;
  };

  /** A cart change: shown at once, and saved while the order is a draft. */
  const changeCart = (next: OrderCartLine[]) => {
    setCart(next);
    setLineErrs({});
    if (draft && (next.length > 0 || orderId.current)) save('000', next).catch((e) => reportSaveError(e, next));
  };

  const carrierFacts = (): OrderCarrierFacts | null => {
    const carrier = carriers.data?.find((c) => c.id === values.carrierId);
    if (!values.carrierId || !carriers.data) return null;
    return carrier
      ? { allowed: true, ownerCode: carrier.code, services: carrier.services.map((s) => s.code) }
      : { allowed: false, ownerCode: null, services: [] };
  };

  /** The shared rules (the server's own) on the order as it would be stored, as messages by form field. */
  const issuesOf = (status: OrderStatusCode) => {
    const v = form.getValues();
    const body = orderBody(v, status, cart, superadmin);
    const out: Record<string, string> = {};
    const put = (path: string, message: string) => {
      if (!out[path]) out[path] = message;
    };
    const parsed = orderCreateSchema.safeParse(body);
    for (const issue of parsed.success ? [] : parsed.error.issues) {
      const { key, values: params } = issueKey(issue);
      put(formPath(issue.path.join('.')), i18n.t(key, params));
    }
    const rules = orderIssues(
      { ...body, statusCode: status, pickupManagedByProduct: v.pickupManagedByProduct, stocks: cart },
      { segments: owner.segments, carrier: carrierFacts() },
    );
    for (const i of rules) put(i.path.join('.'), i18n.t(i.key, i.params));
    if (status !== '000' && v.hasRecipient) {
      const address = addressFields.superRefine((a, ctx) =>
        checkAddress(a, ctx, [], { contactRequired: v.segment === 'B2C' }),
      );
      const checked = address.safeParse(v.address);
      for (const issue of checked.success ? [] : checked.error.issues) {
        const { key, values: params } = issueKey(issue);
        put(`address.${issue.path.join('.')}`, i18n.t(key, params));
      }
    }
    if (superadmin && !v.ownerId) put('ownerId', i18n.t(MESSAGES.required));
    return out;
  };

  /**
   * Save as draft (000), or validate: a draft is sent (005); an order the warehouse has already taken in (010)
   * keeps its status and is saved with its changes.
   */
  const submit = async (kind: 'draft' | 'send') => {
    const status: OrderStatusCode = kind === 'draft' ? '000' : draft ? '005' : statusCode;
    // A second click while the first is being sent does nothing.
    if (busy.current) return;
    // The departure warehouse the rules ask for is chosen in its own modal, once the rest of the form is right.
    const { warehouseId: departure, ...errors } = issuesOf(status);
    form.setErrors(errors);
    if (Object.keys(errors).length) {
      notifyInvalidForm();
      return;
    }
    if (departure) {
      setDestination(owner.warehouses);
      return;
    }
    busy.current = true;
    setSending(kind);
    try {
      const success = t(kind === 'send' ? 'order.create_validate_success_msg' : 'order.create_draft_success_msg');
      const saved = await save(status, cart, { success });
      if (saved.statusCode !== '000') currentOrder.forget(saved.id);
      navigate(paths.orders.list.path);
    } catch (error) {
      reportSaveError(error, cart);
    } finally {
      busy.current = false;
      setSending(null);
    }
  };

  const goToProducts = () => {
    const v = form.getValues();
    const missing = [...(superadmin && !v.ownerId ? ['ownerId'] : []), ...(!v.segment ? ['segment'] : [])];
    if (missing.length) {
      form.setErrors(Object.fromEntries(missing.map((f) => [f, t(MESSAGES.required)])));
      notifyInvalidForm();
      return;
    }
    const now = { ownerId: v.ownerId, segment: v.segment };
    const forward = () => {
      cartScope.current = now;
      setStep(1);
    };
    if (cart.length === 0 || cartHolds(cartScope.current, now, owner.pooled)) {
      forward();
      return;
    }
    // The products depend on the segment (spec 2 §2): another one empties the cart, or the user goes back to it.
    const before = cartScope.current.segment;
    const segmentName = (code: SegmentCode | null) => (code ? t(`segments.${code}`) : '—');
    modals.openConfirmModal({
      title: t('orders.wizard.empty_cart_title'),
      children: (
        <Text size="sm">
          {t('orders.wizard.empty_cart_confirm', {
            count: cart.length,
            from: segmentName(before),
            to: segmentName(now.segment),
          })}
        </Text>
      ),
      labels: { confirm: t('orders.wizard.empty_cart'), cancel: t('orders.wizard.keep_cart') },
      onConfirm: () => {
        changeCart([]);
        forward();
      },
      onCancel: () => chooseSegment(before),
    });
  };

  const goToDetails = () => {
    if (cart.length === 0) {
      notify('warning', t('orders.wizard.cart_required'));
      return;
    }
    setStep(2);
  };

  const goTo = (target: number) => {
    if (target < step) setStep(target);
    else if (target === 1 && step === 0) goToProducts();
    else if (target === 2 && step === 1) goToDetails();
  };

  const download = () => {
    if (!orderId.current) return;
    setDownloading(true);
    downloadOrderPdf(orderId.current, t('orders.pdf_error'))
      .catch(() => undefined)
      .finally(() => setDownloading(false));
  };

  const segmentData = owner.segments.map((code) => ({ value: code, label: t(`segments.${code}`) }));
  const ownerFixed = Boolean(orderId.current);
  const canSaveAsDraft = orderRules.canSaveAsDraft(statusCode);

  return (
    <Paper withBorder p={{ base: 'xs', sm: 'md' }}>
      {step >= 1 && cart.length > 0 && orderId.current && orderRules.isPdfAvailable(statusCode) && (
        <Group justify="flex-end" mb="xs">
          <Button variant="light" leftSection={<IconFileTypePdf size={16} />} loading={downloading} onClick={download}>
            {t('orders.download_pdf')}
          </Button>
        </Group>
      )}
      <Stepper active={step} onStepClick={goTo} size="sm" aria-label={t('orders.wizard.steps_label')}>
        <Stepper.Step label={t('orders.wizard.steps.account')}>
          <Stack gap="sm" maw={520} mt="md" role="form" aria-label={t('orders.wizard.steps.account')}>
            {superadmin && (
              <OwnerAccountField
                label={t('orders.fields.owner')}
                withAsterisk
                fixed={ownerFixed ? { account: order?.owner } : undefined}
                value={values.ownerId}
                error={form.errors.ownerId}
                onChange={(id) => {
                  form.setValues({ ownerId: id, segment: null, carrierId: null, serviceCode: null, type: null });
                  setCart([]);
                }}
              />
            )}
            <Select
              label={t('orders.fields.segment')}
              withAsterisk
              data={segmentData}
              value={values.segment}
              onChange={(s) => chooseSegment(s as SegmentCode | null)}
              error={form.errors.segment}
            />
            <Group justify="flex-end">
              <Button rightSection={<IconArrowRight size={16} />} onClick={goToProducts}>
                {t('orders.wizard.next')}
              </Button>
            </Group>
          </Stack>
        </Stepper.Step>

        <Stepper.Step label={t('orders.wizard.steps.products')}>
          <Stack gap="md" mt="md">
            {/* The products are looked for once the user's warehouses are known (a user may work in some only). */}
            {step === 1 && !owner.loading && (
              <OrderProductsStep
                scope={{ ownerId: superadmin ? values.ownerId : null, segment: owner.pooled ? null : values.segment }}
                warehouses={owner.warehouses}
                restricted={owner.restricted}
                cart={cart}
                heldOf={heldOf}
                lineErrors={lineErrs}
                onCart={changeCart}
              />
            )}
            <Group justify="space-between">
              <Button variant="default" leftSection={<IconArrowLeft size={16} />} onClick={() => setStep(0)}>
                {t('orders.wizard.previous')}
              </Button>
              {cart.length > 0 && (
                <Button rightSection={<IconArrowRight size={16} />} onClick={goToDetails}>
                  {t('orders.wizard.validate_cart')}
                </Button>
              )}
            </Group>
          </Stack>
        </Stepper.Step>

        <Stepper.Step label={t('orders.wizard.steps.details')}>
          <Stack gap="md" mt="md" role="form" aria-label={t('orders.wizard.steps.details')}>
            <OrderDetailsStep
              form={form}
              referenceLocked={referenceLocked}
              appointmentDate={order?.appointmentDate ?? null}
              carriers={carriers.data ?? []}
              onChooseRecipient={(contact) => form.setValues((v) => withRecipient(v as OrderFormValues, contact))}
              onAddRecipient={() =>
                form.setValues({
                  hasRecipient: true,
                  customerId: null,
                  address: emptyAddress(values.segment !== 'B2C'),
                })
              }
              onClearRecipient={() =>
                form.setValues({
                  hasRecipient: false,
                  customerId: null,
                  address: emptyAddress(values.segment !== 'B2C'),
                })
              }
              onPickupManagement={(managed) => applyRule((o) => withPickupManagement(o, managed))}
              onCarrier={(id) => applyRule((o) => withCarrier(o, id))}
            />
            <DocumentFooter
              sending={sending}
              onPrevious={() => setStep(1)}
              onDraft={canSaveAsDraft ? () => void submit('draft') : undefined}
              onSend={values.hasRecipient ? () => void submit('send') : undefined}
              labels={{
                previous: t('orders.wizard.previous'),
                draft: t('orders.wizard.save_draft'),
                send: t('orders.wizard.validate'),
              }}
            />
          </Stack>
        </Stepper.Step>
      </Stepper>
      <DestinationWarehouseModal
        warehouses={destination}
        onClose={() => setDestination(null)}
        onConfirm={(warehouseId) => {
          setDestination(null);
          form.setFieldValue('warehouseId', warehouseId);
          void submit('send');
        }}
      />
    </Paper>
  );
}
