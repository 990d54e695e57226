import type { callerFor } from '@cellar/functions/caller/principal';
import type { ContactItem } from '@cellar/functions/contacts/repository';
import type { CompanyItem } from '@cellar/functions/data/reference';
import { createShippingOrder, updateShippingOrder } from '@cellar/functions/shippingOrders/service';
import { todayIn } from '@cellar/shared/common/dates';
import { shippingAddressOf } from '@cellar/shared/shippingOrders/schemas';
import type { Rng } from './people';

/**
 * Shipping orders in every status (spec 2 §4), through the API's own service as the superadmin naming the owner:
 * created (001), then the status modal's change. Delivered ones were picked up and delivered today.
 */
export async function seedShippingOrders(
  rng: Rng,
  caller: NonNullable<Awaited<ReturnType<typeof callerFor>>>,
  owner: CompanyItem,
  suppliers: ContactItem[],
  recipients: ContactItem[],
): Promise<number> {
  const day = (n: number) => new Date(Date.parse(`${todayIn()}T12:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);
  const targets = ['000', '001', '001', '001', '100', '100', '200', '200'] as const;
  for (const [n, target] of targets.entries()) {
    const sender = rng.pick(suppliers.filter((c) => c.code !== 'MULTI'));
    const recipient = rng.pick(recipients);
    const delivered = target === '200';
    const pickupDate = delivered ? todayIn() : day(rng.int(1, 10));
    const units = rng.pick([60, 120, 300, 600, 1200]);
    const created = await createShippingOrder(caller, {
      ownerId: owner.id,
      warehouseId: rng.pick(owner.warehouseIds),
      segment: rng.pick(owner.segments),
      reference: `TR-${owner.code}-${String(n + 1).padStart(3, '0')}`,
      senderId: sender.id,
      recipientId: recipient.id,
      pickupAddress: shippingAddressOf(sender.address, [{ start: '08:00', end: '12:00' }]),
      deliveryAddress: shippingAddressOf(recipient.address, [
        { start: '09:00', end: '12:30' },
        { start: '14:00', end: '16:00' },
      ]),
      palletCount: Math.max(1, Math.round(units / 600)),
      parcelCount: units / 6,
      unitCount: units,
      pickupDate,
      deliveryDate: delivered ? pickupDate : day(rng.int(10, 20)),
    });
    if (target === '001') continue;
    await updateShippingOrder(caller, created.id, {
      statusCode: target,
      ...(target === '100' ? { tracking: `TRK${rng.int(100000, 999999)}` } : {}),
      ...(delivered
        ? {
            pickedupAt: `${pickupDate}T08:30`,
            deliveredAt: `${pickupDate}T15:10`,
            tracking: `TRK${rng.int(100000, 999999)}`,
          }
        : {}),
    });
  }
  return targets.length;
}
