/**
 * The demo's people and firms: names, towns, streets, suppliers' estates, and the addresses, SIRET numbers and
 * contacts made of them, drawn from the demo's generator (the same demo on every fresh start).
 */
import type { ContactItem } from '@cellar/functions/contacts/repository';
import { luhn } from '@cellar/shared/validation/validators';
import { ulid } from 'ulid';
import type { prng } from '../prng';

export type Rng = ReturnType<typeof prng>;

export function siret(rng: Rng): string {
  const base = Array.from({ length: 13 }, () => rng.int(0, 9)).join('');
  const check = [...Array(10).keys()].find((d) => luhn(`${base}${d}`));
  return `${base}${check}`;
}

const CITIES = [
  ['Bordeaux', '33000'],
  ['Pauillac', '33250'],
  ['Saint-Émilion', '33330'],
  ['Cognac', '16100'],
  ['Jarnac', '16200'],
  ['Reims', '51100'],
  ['Épernay', '51200'],
  ['Beaune', '21200'],
  ['Lyon', '69002'],
  ['Paris', '75008'],
  ['Nantes', '44000'],
  ['Lille', '59000'],
  ['Marseille', '13001'],
  ['Toulouse', '31000'],
  ['Strasbourg', '67000'],
  ['Avignon', '84000'],
] as const;
const STREETS = [
  'rue des Chais',
  'avenue de la Gare',
  'quai des Chartrons',
  'chemin des Vignes',
  'place du Marché',
  'boulevard Pasteur',
  'rue Nationale',
  'allée des Tonneliers',
];
export const FIRST = [
  'Camille',
  'Louis',
  'Chloé',
  'Hugo',
  'Léa',
  'Jules',
  'Manon',
  'Arthur',
  'Inès',
  'Gabriel',
  'Zoé',
  'Raphaël',
  'Élise',
  'Théo',
];
export const LAST = [
  'Martin',
  'Bernard',
  'Dubois',
  'Lefèvre',
  'Moreau',
  'Laurent',
  'Garnier',
  'Faure',
  'Rousseau',
  'Blanc',
  'Guérin',
  'Muller',
  'Perrin',
  'Chevalier',
];
export const TRADE = [
  'Cave',
  'Vinothèque',
  'Épicerie fine',
  'Restaurant',
  'Bistrot',
  'Hôtel',
  'Caviste',
  'Maison',
  'Comptoir',
  'Cellier',
];
export const SUPPLIERS = [
  'Château Lafleur',
  'Domaine des Aubuisières',
  'Maison Delamotte',
  'Château Pichon',
  'Domaine Roulot',
  'Distillerie du Peyrat',
  'Maison Ferrand',
  'Château de Laubade',
  'Champagne Gosset',
  'Domaine Huet',
  'Château Climens',
  'Rhum Clément',
  'Domaine Tempier',
  'Maison Jadot',
  'Château Coutet',
  'Domaine Weinbach',
  'Cognac Frapin',
  'Armagnac Dartigalongue',
  'Château Musar',
  'Domaine Zind-Humbrecht',
];

export function address(rng: Rng, company: string, person: boolean, withExcise = false) {
  const [city, postcode] = rng.pick(CITIES);
  const name = `${rng.pick(FIRST)} ${rng.pick(LAST)}`;
  return {
    isCompany: !person,
    company: person ? '' : company,
    name,
    siretNumber: person ? '' : siret(rng),
    street: `${rng.int(1, 180)} ${rng.pick(STREETS)}`,
    details: '',
    postcode,
    city,
    country: 'FR',
    email: `${name
      .toLowerCase()
      .normalize('NFD')
      .replace(/\p{Diacritic}/gu, '')
      .replace(/\s+/g, '.')}@example.com`,
    phone: `+33 5 ${rng.int(10, 99)} ${rng.int(10, 99)} ${rng.int(10, 99)} ${rng.int(10, 99)}`,
    exciseNumber: withExcise ? `FR0${String(rng.int(10000, 99999))}E${String(rng.int(1000, 9999))}` : '',
    exciseWarehouseNumber: '',
    pickupCode: '',
    timeslots: [],
    comment: '',
  };
}

export function contact(
  p: Omit<ContactItem, 'id' | 'createdAt' | 'updatedAt' | 'version' | 'services' | 'comment'> & Partial<ContactItem>,
): ContactItem {
  const now = new Date().toISOString();
  return { id: ulid(), createdAt: now, updatedAt: now, version: 1, services: [], comment: '', ...p };
}

/** Runs `run` over `list`, `size` at a time. */
export async function inBatches<T>(list: T[], size: number, run: (item: T) => Promise<unknown>) {
  for (let i = 0; i < list.length; i += size) await Promise.all(list.slice(i, i + size).map(run));
}
