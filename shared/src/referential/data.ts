/**
 * The product referential of a wine and spirits warehouse: families and sub-families, and the attributes each
 * sub-family carries. It is code, versioned with the product and identical everywhere; the API serves it
 * (GET /api/product-families, /api/attribute-groups…) and validates products against it.
 */

import { CAPACITY_WEIGHTS } from '../validation/validators';
import { DEGREE_UNIT } from './attributes';
import type { Attribute, AttributeItem, Localized, ProductFamily } from './schemas';

const t = (fr: string, en = fr): Localized => ({ fr, en });
const item = (code: string, label: Localized, rules: Record<string, string[]> = {}): AttributeItem => ({
  code,
  label,
  active: true,
  rules,
});

/** Excise families of the French customs: still wine, sparkling wine, intermediate product, spirit. */
const WINES = ['VT', 'VM', 'PI'];
const ALCOHOLS = ['VT', 'VM', 'PI', 'AE'];

const attribute = (
  a: Omit<Attribute, 'group' | 'rules' | 'items' | 'isSelect' | 'unit' | 'regex'> & Partial<Attribute>,
): Attribute => ({
  group: 'products',
  rules: {},
  items: [],
  isSelect: a.type === 'combobox' || a.type === 'autocomplete',
  unit: null,
  regex: null,
  ...a,
});

export const ATTRIBUTES: Attribute[] = [
  attribute({
    id: 'family',
    label: t('Famille d’accise', 'Excise family'),
    type: 'combobox',
    required: true,
    position: 10,
    items: [
      item('VT', t('Vin tranquille', 'Still wine')),
      item('VM', t('Vin mousseux', 'Sparkling wine')),
      item('PI', t('Produit intermédiaire', 'Intermediate product')),
      item('AE', t('Spiritueux', 'Spirit')),
    ],
  }),
  attribute({
    id: 'color',
    label: t('Couleur', 'Colour'),
    type: 'combobox',
    required: true,
    position: 20,
    rules: { family: ALCOHOLS },
    items: [
      item('RG', t('Rouge', 'Red'), { family: WINES }),
      item('BL', t('Blanc', 'White'), { family: WINES }),
      item('RS', t('Rosé', 'Rosé'), { family: WINES }),
      item('RO', t('Orange', 'Orange'), { family: ['VT'] }),
      item('BR', t('Brun', 'Brown'), { family: ['AE', 'PI'] }),
      item('AM', t('Ambré', 'Amber'), { family: ['AE', 'PI'] }),
      item('BA', t('Blanc (incolore)', 'Clear'), { family: ['AE'] }),
      item('NO', t('Noir', 'Black'), { family: ['AE'] }),
      item('BO', t('Blond', 'Blond'), { family: ['AE'] }),
    ],
  }),
  attribute({
    id: 'vintage',
    label: t('Millésime', 'Vintage'),
    type: 'input',
    required: false,
    position: 30,
    rules: { family: WINES },
    regex: '^(18|19|20)\\d{2}$',
  }),
  attribute({
    id: 'capacity',
    label: t('Contenance', 'Capacity'),
    type: 'combobox',
    unit: 'cl',
    required: true,
    position: 40,
    items: CAPACITY_WEIGHTS.map(([cl]) => item(`CL${String(cl).replace('.', '_')}`, t(String(cl)))),
  }),
  attribute({
    id: 'degree',
    label: t('Degré', 'Strength'),
    type: 'input',
    unit: DEGREE_UNIT,
    required: true,
    position: 50,
    rules: { family: ALCOHOLS },
  }),
  attribute({
    id: 'conditionning',
    label: t('Conditionnement', 'Packaging'),
    type: 'combobox',
    required: true,
    position: 60,
    items: [
      item('CAR', t('Carton', 'Carton')),
      item('CBO', t('Caisse bois', 'Wooden case')),
      item('COF', t('Coffret', 'Gift box')),
      item('UNI', t('Unité', 'Single unit')),
    ],
  }),
  attribute({
    id: 'pcb',
    label: t('Colisage (PCB)', 'Pack size (PCB)'),
    type: 'combobox',
    required: true,
    position: 70,
    items: ['24', '1', '12', '3', '6', '2', '4'].map((n) =>
      item(n, t(n === '1' ? '1 bouteille' : `${n} bouteilles`, n === '1' ? '1 bottle' : `${n} bottles`)),
    ),
  }),
  attribute({
    id: 'taxation',
    label: t('Régime fiscal', 'Tax status'),
    type: 'combobox',
    required: true,
    position: 80,
    rules: { family: ALCOHOLS },
    items: [item('DS', t('Droits suspendus', 'Duty suspended')), item('DA', t('Droits acquittés', 'Duty paid'))],
  }),
  attribute({
    id: 'governing_rights',
    label: t('Titre de mouvement', 'Movement document'),
    type: 'combobox',
    required: true,
    position: 90,
    rules: { family: ALCOHOLS },
    items: [item('A', t('Acquit', 'Acquit')), item('R', t('CRD', 'CRD'))],
  }),
  attribute({ id: 'isBio', label: t('Bio', 'Organic'), type: 'boolean', required: false, position: 100 }),
  attribute({
    id: 'weight',
    label: t('Poids (g)', 'Weight (g)'),
    type: 'input',
    unit: 'g',
    required: true,
    position: 110,
    regex: '^\\d{1,6}$',
  }),
  attribute({
    id: 'nomenclature',
    label: t('Nomenclature douanière', 'Customs code'),
    type: 'input',
    required: false,
    position: 120,
    regex: '^\\d{8}$',
  }),
];

const ALCOHOL_ATTRIBUTES = ATTRIBUTES.map((a) => a.id);
const ACCESSORY_ATTRIBUTES: string[] = [];

interface SubFamily {
  code: string;
  /** The referential's name (French): lists sort and search by it. */
  name: string;
  /** The name a reader sees, in their language. */
  names: Localized;
  attributes: string[];
  /** Values the form starts with. */
  defaults: Record<string, string>;
}
interface Family {
  code: string;
  name: string;
  names: Localized;
  children: SubFamily[];
}

const sub = (
  code: string,
  names: Localized,
  defaults: Record<string, string>,
  attributes = ALCOHOL_ATTRIBUTES,
): SubFamily => ({
  code,
  name: names.fr,
  names,
  attributes,
  defaults,
});

const family = (code: string, names: Localized, children: SubFamily[]): Family => ({
  code,
  name: names.fr,
  names,
  children,
});

export const FAMILIES: Family[] = [
  family('WINE', { fr: 'Vins tranquilles', en: 'Still wines' }, [
    sub('WINE_RED', { fr: 'Vin rouge', en: 'Red wine' }, { family: 'VT', color: 'RG' }),
    sub('WINE_WHITE', { fr: 'Vin blanc', en: 'White wine' }, { family: 'VT', color: 'BL' }),
    sub('WINE_ROSE', { fr: 'Vin rosé', en: 'Rosé wine' }, { family: 'VT', color: 'RS' }),
    sub('WINE_SWEET', { fr: 'Vin liquoreux', en: 'Sweet wine' }, { family: 'VT', color: 'BL' }),
  ]),
  family('SPARKLING', { fr: 'Vins effervescents', en: 'Sparkling wines' }, [
    sub('CHAMPAGNE', { fr: 'Champagne', en: 'Champagne' }, { family: 'VM' }),
    sub('CREMANT', { fr: 'Crémant', en: 'Crémant' }, { family: 'VM' }),
    sub('PETILLANT', { fr: 'Pétillant naturel', en: 'Pétillant naturel (pet-nat)' }, { family: 'VM' }),
  ]),
  family('FORTIFIED', { fr: 'Vins mutés', en: 'Fortified wines' }, [
    sub('PORT', { fr: 'Porto', en: 'Port' }, { family: 'PI' }),
    sub('PINEAU', { fr: 'Pineau des Charentes', en: 'Pineau des Charentes' }, { family: 'PI' }),
    sub('VDN', { fr: 'Vin doux naturel', en: 'Natural sweet wine' }, { family: 'PI' }),
  ]),
  family('SPIRIT', { fr: 'Spiritueux', en: 'Spirits' }, [
    sub('COGNAC', { fr: 'Cognac', en: 'Cognac' }, { family: 'AE', color: 'AM' }),
    sub('ARMAGNAC', { fr: 'Armagnac', en: 'Armagnac' }, { family: 'AE', color: 'AM' }),
    sub('WHISKY', { fr: 'Whisky', en: 'Whisky' }, { family: 'AE' }),
    sub('RUM', { fr: 'Rhum', en: 'Rum' }, { family: 'AE' }),
    sub('CALVADOS', { fr: 'Calvados', en: 'Calvados' }, { family: 'AE', color: 'AM' }),
    sub('GIN', { fr: 'Gin', en: 'Gin' }, { family: 'AE', color: 'BA' }),
    sub('LIQUEUR', { fr: 'Liqueur', en: 'Liqueur' }, { family: 'AE' }),
  ]),
  family('ACCESSORY', { fr: 'Accessoires et coffrets', en: 'Accessories and gift boxes' }, [
    sub('GIFTBOX', { fr: 'Coffret vide', en: 'Empty gift box' }, {}, ACCESSORY_ATTRIBUTES),
    sub('GLASS', { fr: 'Verrerie', en: 'Glassware' }, {}, ACCESSORY_ATTRIBUTES),
  ]),
];

/** Families as the API returns them: id = code, sub-families nested, named and sorted in the reader's language. */
export function familyTree(lang: keyof Localized = 'fr'): ProductFamily[] {
  const byName = (a: { names: Localized }, b: { names: Localized }) => a.names[lang].localeCompare(b.names[lang], lang);
  return [...FAMILIES].sort(byName).map((f) => ({
    id: f.code,
    code: f.code,
    name: f.names[lang],
    owner_id: null,
    parentId: null,
    families: [...f.children]
      .sort(byName)
      .map((c) => ({ id: c.code, code: c.code, name: c.names[lang], owner_id: null, parentId: f.code })),
  }));
}

/** A family's or sub-family's name in the reader's language; an unknown code is its own name. */
export function familyName(code: string, lang: keyof Localized): string {
  for (const f of FAMILIES) {
    if (f.code === code) return f.names[lang];
    const c = f.children.find((x) => x.code === code);
    if (c) return c.names[lang];
  }
  return code;
}

export function findSubFamily(id: string): (SubFamily & { parent: Family }) | undefined {
  for (const f of FAMILIES) {
    const c = f.children.find((x) => x.code === id);
    if (c) return { ...c, parent: f };
  }
  return undefined;
}

/** The attributes of a sub-family, in form order. */
export function familyAttributes(subFamilyId: string): Attribute[] | undefined {
  const s = findSubFamily(subFamilyId);
  if (!s) return undefined;
  return ATTRIBUTES.filter((a) => s.attributes.includes(a.id)).sort((a, b) => a.position - b.position);
}

/** Attribute groups (alcohol, products…), each indexed by attribute id. */
export function attributeGroups(): Record<string, Record<string, Attribute>> {
  const groups: Record<string, Record<string, Attribute>> = {};
  for (const a of ATTRIBUTES) {
    groups[a.group] ??= {};
    (groups[a.group] as Record<string, Attribute>)[a.id] = a;
  }
  return groups;
}

/** The capacity in cl of a capacity item code (CL75 → 75, CL37_5 → 37.5). */
export const capacityOf = (code: string | undefined | null): number | undefined =>
  code && /^CL\d+(_\d+)?$/.test(code) ? Number(code.slice(2).replace('_', '.')) : undefined;
