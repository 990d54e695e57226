/**
 * The demo's contacts: its clients' suppliers and recipients (B2B firms and B2C people), and the carriers every
 * client may use, with their services; CLI001 ships B2C parcels with two carriers' services.
 */
import { companyItems } from '@cellar/functions/companies/repository';
import { type ContactItem, ensureMultiSupplier, insertContact } from '@cellar/functions/contacts/repository';
import { type CompanyItem, companies } from '@cellar/functions/data/reference';
import { batchPut } from '@cellar/functions/data/table';
import { serviceTarget } from '@cellar/shared/companies/schemas';
import { address, contact, inBatches, LAST, type Rng, SUPPLIERS, TRADE } from './people';

export async function seedContacts(
  rng: Rng,
  wh: { id: string; code: string; name: string }[],
  cli001: CompanyItem,
  cli002: CompanyItem,
) {
  const contacts: ContactItem[] = [];
  const code = (prefix: string, n: number) => `${prefix}${String(n).padStart(4, '0')}`;
  for (const [i, name] of SUPPLIERS.entries()) {
    contacts.push(
      contact({
        type: 'supplier',
        code: code('FOU', i + 1),
        ownerId: cli001.id,
        warehouseId: rng.pick(wh).id,
        segment: null,
        address: address(rng, name, false, true),
      }),
    );
  }
  for (const [i, name] of SUPPLIERS.slice(0, 6).entries()) {
    contacts.push(
      contact({
        type: 'supplier',
        code: code('FRN', i + 1),
        ownerId: cli002.id,
        warehouseId: rng.pick(wh.slice(0, 2)).id,
        segment: null,
        address: address(rng, name, false, true),
      }),
    );
  }
  for (let i = 1; i <= 260; i++) {
    const b2c = i % 3 === 0;
    const name = `${rng.pick(TRADE)} ${rng.pick(LAST)}`;
    contacts.push(
      contact({
        type: 'recipient',
        code: code(b2c ? 'PART' : 'CLT', i),
        ownerId: cli001.id,
        warehouseId: rng.pick(wh).id,
        segment: b2c ? 'B2C' : 'B2B',
        address: address(rng, name, b2c, !b2c),
      }),
    );
  }
  for (let i = 1; i <= 30; i++) {
    const name = `${rng.pick(TRADE)} ${rng.pick(LAST)}`;
    contacts.push(
      contact({
        type: 'recipient',
        code: code('DEST', i),
        ownerId: cli002.id,
        warehouseId: rng.pick(wh.slice(0, 2)).id,
        segment: 'B2B',
        address: address(rng, name, false, true),
      }),
    );
  }
  const carriers: [string, string, 'B2B' | 'B2C' | null, [string, string, boolean][]][] = [
    [
      'GEODIS',
      'Geodis',
      'B2B',
      [
        ['MES', 'Messagerie', false],
        ['AFF', 'Affrètement', false],
      ],
    ],
    ['KUEHNE', 'Kuehne + Nagel', 'B2B', [['GRP', 'Groupage', false]]],
    [
      'COLISSIMO',
      'Colissimo',
      'B2C',
      [
        ['DOM', 'Domicile', false],
        ['RELAIS', 'Point retrait', true],
      ],
    ],
    [
      'DPD',
      'DPD France',
      'B2C',
      [
        ['PREDICT', 'Predict', false],
        ['PICKUP', 'Pickup', true],
      ],
    ],
    [
      'CHRONO',
      'Chronopost',
      'B2C',
      [
        ['13H', 'Chrono 13', false],
        ['RELAIS', 'Chrono Relais', true],
      ],
    ],
    ['ENLEV', 'Enlèvement client', null, []],
  ];
  for (const [c, name, segment, services] of carriers) {
    contacts.push(
      contact({
        type: 'carrier',
        code: c,
        ownerId: null,
        warehouseId: null,
        segment,
        address: address(rng, name, false),
        comment: '',
        services: services.map(([sc, sn, pickup]) => ({ code: sc, name: sn, isPickupPoint: pickup })),
      }),
    );
  }
  await inBatches(contacts, 10, (c) => insertContact(c, {}));
  for (const owner of [cli001, cli002]) await ensureMultiSupplier(owner);

  // CLI001 ships B2C parcels with two carriers' services; every carrier may collect for it.
  const carrierItems = contacts.filter((c) => c.type === 'carrier');
  const services = carrierItems
    .filter((c) => c.code === 'COLISSIMO' || c.code === 'DPD')
    .flatMap((c) => c.services.map((s) => serviceTarget(c.id, s.code)));
  cli001.permissions = { contacts: carrierItems.map((c) => c.id), services };
  await batchPut(companyItems(cli001));
  companies.invalidate();
  return { contacts, carriers: carrierItems };
}
