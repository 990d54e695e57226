/**
 * Translations of the validation and API messages that both sides show. The SPA merges them into i18next;
 * the API uses them to word its 422 answers in the caller's language.
 */
import type * as z from 'zod';
import { MESSAGES } from '../validation/validators';

export const LANGUAGES = ['fr', 'en'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'fr';

export const sharedMessages = {
  fr: {
    validation: {
      required: 'Ce champ est obligatoire.',
      email: "L'adresse e-mail est incorrecte.",
      postcode: 'Le code postal est incorrect.',
      excise: 'Le numéro d’accise doit comporter 13 caractères et commencer par {{country}}.',
      code: 'Seuls les majuscules, chiffres, tirets, barres obliques et tirets bas sont autorisés.',
      siret: 'Le numéro SIRET est invalide.',
      degree: 'Le degré doit comporter 1 ou 2 chiffres, suivis éventuellement d’un point et de 2 décimales.',
      max_length: '{{max}} caractères maximum.',
      alphanumeric: 'Caractères alphanumériques uniquement.',
      integer: 'Nombre entier uniquement.',
      greater_than: 'La valeur doit être supérieure à {{min}}.',
      same_email: 'Les adresses e-mail doivent être identiques.',
      same_password: 'Les mots de passe doivent être identiques.',
      phone: 'Numéro de téléphone incorrect.',
      format: "Le format n'est pas correct.",
      attribute_required: 'Champ obligatoire.',
      product_form: 'Le formulaire est incorrect',
      unique: 'Cette valeur est déjà utilisée.',
      invalid: 'Valeur invalide.',
      between: 'La valeur doit être comprise entre {{min}} et {{max}}.',
      not_before_today: 'La date ne peut pas être antérieure à aujourd’hui.',
      time_range: 'L’heure doit être comprise entre {{min}} et {{max}}.',
      time_step: 'L’heure doit tomber sur un pas de {{step}} minutes.',
      time_order: 'La fin du créneau doit être après son début.',
      date_time_together: 'La date et l’heure vont ensemble : renseignez les deux ou aucune.',
      not_modifiable: 'Ne peut plus être modifié dans ce statut.',
      locked: 'Cette valeur ne peut plus être modifiée.',
      malformed_json: 'Le corps de la requête n’est pas du JSON valide.',
      password_weak:
        'Le mot de passe doit comporter au moins {{min}} caractères, dont des lettres et des chiffres, et ne pas reprendre votre e-mail.',
      password_common:
        'Ce mot de passe fait partie des plus courants (ou en dérive) : choisissez-en un moins prévisible.',
      current_password: 'Le mot de passe actuel est incorrect.',
      stats_range: 'La période couvre au plus un an, et sa fin ne précède pas son début.',
      unsafe_text: 'Ce texte contient un caractère de contrôle ou d’orientation invisible : retirez-le.',
      child_account:
        'Un compte enfant doit être un utilisateur existant, autre qu’un superadmin, de rôle égal ou inférieur.',
    },
    import: {
      no_file: "Vous devez choisir un fichier pour réaliser l'importation",
      not_csv: 'Le fichier doit être un fichier .csv.',
      read_failure: 'Lecture impossible du fichier',
      header_mismatch: 'Le fichier CSV ne correspond pas avec la matrice attendue.',
      empty: 'Le fichier ne contient aucune ligne à importer.',
      too_many_rows: 'Un import contient au plus {{max}} lignes.',
      too_large: 'Un fichier d’import fait au plus {{max}} Mo.',
      upload_failed: 'Le fichier n’a pas pu être envoyé : relancez l’import.',
      boolean: 'Valeur attendue : oui ou non.',
      number: 'Valeur numérique attendue.',
      select: 'Valeur non autorisée. Valeurs possibles : {{values}}.',
      duplicate: 'Cette valeur apparaît plusieurs fois dans le fichier.',
      email_taken: 'Cette adresse e-mail est déjà utilisée.',
      code_taken: 'Ce code est déjà utilisé.',
      duplicate_emails: "Adresses emails déjà utilisées, veuillez vérifier votre fichier d'import",
      invalid_rows: '{{count}} ligne(s) invalide(s) : corrigez-les avant de valider.',
      template_forbidden: "Vous n'avez pas accès à cet import.",
      template_intro:
        "Modèle d'import Cellar : une ligne par enregistrement, séparateur « ; ». Les lignes commençant par # sont ignorées.",
      template_limits: 'Un import contient au plus {{rows}} lignes et {{megabytes}} Mo.',
      template_required: 'obligatoire',
      template_values: 'valeurs',
      template_list: 'plusieurs valeurs séparées par des virgules',
      template_boolean: 'oui ou non',
      row_errors: 'Ligne {{row}}',
      column_message: '{{label}} : {{message}}',
      columns: {
        lastname: 'Nom',
        firstname: 'Prénom',
        email: 'E-mail',
        role: 'Rôle',
        warehouses: 'Entrepôts',
        modules: 'Modules',
        code: 'Code',
        name: 'Nom',
        company: 'Société',
        street: 'Adresse',
        details: "Complément d'adresse",
        postcode: 'Code postal',
        city: 'Ville',
        country: 'Pays',
        phone: 'Téléphone',
        siret: 'SIRET',
        excise: "Numéro d'accise",
        segments: 'Segments',
        pooled: 'Activité mutualisée',
        top_agent: 'Top agent',
        organic: 'Certifié bio',
        active: 'Actif',
        is_company: 'Société (oui/non)',
        comment: 'Commentaire',
        label: 'Libellé',
        sub_family: 'Sous-famille',
        warehouse: 'Entrepôt',
        supplier: 'Fournisseur (code)',
        has_batch: 'Gestion des lots',
        has_bbd: 'Gestion DDM',
        has_ubd: 'Gestion DLC',
        hidden: 'Masqué',
        ean_unit: 'EAN unité',
        ean_parcel: 'EAN colis',
        ean_pallet: 'EAN palette',
      },
    },
    api: {
      invalid_data: 'Les données transmises sont invalides.',
      invalid_credentials: 'Identifiants invalides.',
      unauthenticated: 'Non authentifié.',
      forbidden: 'Accès refusé.',
      not_found: 'Ressource introuvable.',
      conflict: 'Conflit avec une donnée existante.',
      first_superadmin_exists:
        'Le premier superadmin de cette installation existe déjà : les suivants se créent dans l’application.',
      too_large: 'La requête est trop volumineuse.',
      sheet_too_long: 'Excel tient au plus {{max}} lignes : exportez en CSV ou filtrez la liste.',
      unsupported_media_type: 'Le corps de la requête doit être du JSON (Content-Type: application/json).',
      malformed_request: 'La requête est mal formée ou incomplète.',
      server_error: 'Une erreur est survenue.',
      too_many_attempts: 'Trop de tentatives de connexion. Réessayez dans {{minutes}} minutes.',
      too_many_reset_requests: 'Trop de demandes de réinitialisation. Réessayez dans {{minutes}} minutes.',
      api_key_too_many: 'Une société a au plus {{max}} clés actives : révoquez-en une.',
      api_key_scope: 'Une clé n’a que des modules que vous avez.',
      api_key_rate_limited: 'Trop de requêtes pour cette clé. Réessayez dans {{seconds}} s.',
      api_key_company_required: 'Choisissez la société de la clé.',
      webhook_too_many: 'Une société a au plus {{max}} webhooks.',
      webhook_https: 'L’adresse doit être en HTTPS.',
      reset_email_sent: 'L’e-mail de réinitialisation a été envoyé.',
      reset_token_invalid: 'Ce lien n’est plus valide. Demandez un nouveau lien.',
      user_updated: 'Vos informations ont été mises à jour.',
      password_changed: 'Votre mot de passe a été modifié. Vos autres sessions ont été fermées.',
      credentials_impersonating:
        'L’e-mail de connexion et le mot de passe ne peuvent pas être modifiés pendant une connexion en tant qu’un autre utilisateur.',
      self_forbidden: 'Vous ne pouvez pas faire cela sur votre propre compte.',
      role_forbidden: 'Vous ne pouvez attribuer que des rôles inférieurs au vôtre.',
      reception_deleted: 'La réception a été supprimée.',
      shipping_order_cancelled: "L'ordre de transport a été annulé.",
      shipping_order_picked_up: "La marchandise a déjà été enlevée : l'ordre de transport ne peut plus être annulé.",
      warehouse_not_attached: 'Vous n’êtes pas rattaché(e) à l’entrepôt {{warehouse}}.',
      lot_warehouse_not_attached: 'Ce lot est dans l’entrepôt {{warehouse}}, auquel vous n’êtes pas rattaché(e).',
      idempotency_key_invalid:
        "L'en-tête Idempotency-Key compte de 1 à 255 caractères visibles (lettres, chiffres et ponctuation ASCII).",
      idempotency_key_reused:
        "Cette clé d'idempotence a déjà servi pour une autre commande : choisissez-en une nouvelle.",
      reception_stock_taken:
        'Impossible : {{product}} a été réservé ou expédié depuis la clôture ({{left}} disponible(s)). Annulez d’abord les commandes concernées.',
      order_deleted: 'La commande a été supprimée.',
    },
    query: {
      whole_number_to: '{{param}} : nombre entier de 1 à {{max}} attendu.',
      whole_number: '{{param}} : nombre entier à partir de 1 attendu.',
      repeated: '{{param}} est donné plusieurs fois.',
      not_a_filter: '{{param}} n’est pas un filtre valide.',
      unknown_operator: 'Opérateur inconnu : {{op}}.',
      arity: '{{op}} prend exactement {{arity}} valeurs.',
      not_a_sort: '{{param}} n’est pas un tri valide.',
      not_an_include: '{{param}} n’est pas une inclusion valide.',
      cursor: 'Ce curseur ne vient pas de cette liste.',
      filter_refused: 'Cette liste ne se filtre pas par {{field}}.',
      sort_refused: 'Cette liste ne se trie pas par {{field}}.',
      one_sort: 'Cette liste se trie par un seul champ.',
      include_refused: 'Cette liste n’inclut pas {{include}}.',
      unknown_parameter: 'Paramètre inconnu : {{param}}.',
      one_of: '{{param}} vaut l’une de ces valeurs : {{values}}.',
      too_long: '{{param}} compte au plus {{max}} caractères.',
      sort_needs_owner: 'Pour trier par {{field}}, choisissez un propriétaire (filter[owner.id]).',
      columns_repeated: 'Colonnes données plusieurs fois : {{columns}}.',
      unknown_columns: 'Colonnes inconnues : {{columns}}.',
      not_a_date: '{{param}} : date attendue (AAAA-MM-JJ).',
    },
    movement_reasons: {
      supplier_reception: 'Réception fournisseur',
      order_shipment: 'Expédition commande client',
      customer_return: 'Retour client',
      inventory_adjustment: 'Régularisation d’inventaire',
      breakage: 'Casse',
    },
    order: {
      stock_insufficient:
        'Stock insuffisant pour {{product}} ({{label}}) : {{ordered}} demandé(s), {{available}} disponible(s).',
      departure_warehouse_required: 'Choisissez l’entrepôt de départ : les lignes partent de plusieurs entrepôts.',
      'send-transmitting-orders': { success: 'Les commandes en cours de transmission ont été renvoyées.' },
    },
  },
  en: {
    validation: {
      required: 'This field is required.',
      email: 'The e-mail address is incorrect.',
      postcode: 'The postal code is incorrect.',
      excise: 'The excise number must be 13 characters long and start with {{country}}.',
      code: 'Only upper-case letters, digits, hyphens, slashes and underscores are allowed.',
      siret: 'The SIRET number is invalid.',
      degree: 'The degree takes 1 or 2 digits, optionally a dot and 2 decimals.',
      max_length: '{{max}} characters at most.',
      alphanumeric: 'Alphanumeric characters only.',
      integer: 'Whole numbers only.',
      greater_than: 'The value must be greater than {{min}}.',
      same_email: 'The e-mail addresses must match.',
      same_password: 'The passwords must match.',
      phone: 'Incorrect phone number.',
      format: 'The format is incorrect.',
      attribute_required: 'Field is required.',
      product_form: 'The form is incorrect',
      unique: 'This value is already used.',
      invalid: 'Invalid value.',
      between: 'The value must be between {{min}} and {{max}}.',
      not_before_today: 'The date cannot be before today.',
      time_range: 'The time must be between {{min}} and {{max}}.',
      time_step: 'The time must fall on a {{step}}-minute step.',
      time_order: 'The end of the time slot must be after its start.',
      date_time_together: 'The date and the time go together: fill in both or neither.',
      not_modifiable: 'Can no longer be changed in this status.',
      locked: 'This value can no longer be changed.',
      malformed_json: 'The request body is not valid JSON.',
      password_weak:
        'The password needs at least {{min}} characters, with letters and digits, and must not contain your e-mail.',
      password_common: 'This password is one of the most common ones (or built on one): choose a less predictable one.',
      current_password: 'The current password is incorrect.',
      stats_range: 'The period covers at most a year, and its end is not before its start.',
      unsafe_text: 'This text holds an invisible control or direction character: remove it.',
      child_account: 'A child account must be an existing user, not a superadmin, with an equal or lower role.',
    },
    import: {
      no_file: 'You must choose a file to import',
      not_csv: 'The file must be a .csv file.',
      read_failure: 'The file could not be read',
      header_mismatch: 'The CSV file does not match the expected template.',
      empty: 'The file has no rows to import.',
      too_many_rows: 'An import holds at most {{max}} rows.',
      too_large: 'An import file is at most {{max}} MB.',
      upload_failed: 'The file could not be sent: start the import again.',
      boolean: 'Expected: yes or no.',
      number: 'A number is expected.',
      select: 'Value not allowed. Possible values: {{values}}.',
      duplicate: 'This value appears more than once in the file.',
      email_taken: 'This e-mail address is already used.',
      code_taken: 'This code is already used.',
      duplicate_emails: 'E-mail addresses already used, please check your import file',
      invalid_rows: '{{count}} invalid row(s): fix them before validating.',
      template_forbidden: 'You do not have access to this import.',
      template_intro: 'Cellar import template: one line per record, separator ";". Lines starting with # are ignored.',
      template_limits: 'An import holds at most {{rows}} rows and {{megabytes}} MB.',
      template_required: 'required',
      template_values: 'values',
      template_list: 'several values separated by commas',
      template_boolean: 'yes or no',
      row_errors: 'Row {{row}}',
      column_message: '{{label}}: {{message}}',
      columns: {
        lastname: 'Last name',
        firstname: 'First name',
        email: 'E-mail',
        role: 'Role',
        warehouses: 'Warehouses',
        modules: 'Modules',
        code: 'Code',
        name: 'Name',
        company: 'Company',
        street: 'Street',
        details: 'Address details',
        postcode: 'Postcode',
        city: 'City',
        country: 'Country',
        phone: 'Phone',
        siret: 'SIRET',
        excise: 'Excise number',
        segments: 'Segments',
        pooled: 'Pooled activity',
        top_agent: 'Top agent',
        organic: 'Certified organic',
        active: 'Active',
        is_company: 'Company (yes/no)',
        comment: 'Comment',
        label: 'Label',
        sub_family: 'Sub-family',
        warehouse: 'Warehouse',
        supplier: 'Supplier (code)',
        has_batch: 'Batch tracking',
        has_bbd: 'Best-before tracking',
        has_ubd: 'Use-by tracking',
        hidden: 'Hidden',
        ean_unit: 'Unit EAN',
        ean_parcel: 'Parcel EAN',
        ean_pallet: 'Pallet EAN',
      },
    },
    api: {
      invalid_data: 'The given data was invalid.',
      invalid_credentials: 'Invalid credentials.',
      unauthenticated: 'Unauthenticated.',
      forbidden: 'This action is unauthorized.',
      not_found: 'Not found.',
      conflict: 'Conflict with existing data.',
      first_superadmin_exists:
        'The first superadmin of this stage exists already: further ones are created in the application.',
      too_large: 'The request is too large.',
      sheet_too_long: 'Excel holds {{max}} rows at most: export as CSV or filter the list.',
      unsupported_media_type: 'The request body must be JSON (Content-Type: application/json).',
      malformed_request: 'The request is malformed or incomplete.',
      server_error: 'Server error.',
      too_many_attempts: 'Too many sign-in attempts. Try again in {{minutes}} minutes.',
      too_many_reset_requests: 'Too many reset requests. Try again in {{minutes}} minutes.',
      api_key_too_many: 'A company holds at most {{max}} active keys: revoke one.',
      api_key_scope: 'A key only gets modules you hold.',
      api_key_rate_limited: 'Too many requests for this key. Try again in {{seconds}} s.',
      api_key_company_required: 'Choose the key’s company.',
      webhook_too_many: 'A company has at most {{max}} webhooks.',
      webhook_https: 'The address must use HTTPS.',
      reset_email_sent: 'Reset email sent.',
      reset_token_invalid: 'This link is no longer valid. Ask for a new one.',
      user_updated: 'Your details have been updated.',
      password_changed: 'Your password has been changed. Your other sessions have been ended.',
      credentials_impersonating: 'The sign-in e-mail and the password cannot be changed while acting as another user.',
      self_forbidden: 'You cannot do this to your own account.',
      role_forbidden: 'You may only assign roles below your own.',
      reception_deleted: 'The reception has been deleted.',
      shipping_order_cancelled: 'The shipping order has been cancelled.',
      shipping_order_picked_up: 'The goods have already been picked up: the shipping order can no longer be cancelled.',
      warehouse_not_attached: 'You are not attached to the warehouse {{warehouse}}.',
      lot_warehouse_not_attached: 'This lot is in the warehouse {{warehouse}}, which you are not attached to.',
      idempotency_key_invalid: 'The Idempotency-Key header holds 1 to 255 visible ASCII characters.',
      idempotency_key_reused: 'This idempotency key was already used for another order: choose a new one.',
      reception_stock_taken:
        'Not possible: {{product}} has been allocated or shipped since the reception was closed ({{left}} available). Cancel those orders first.',
      order_deleted: 'The order has been deleted.',
    },
    query: {
      whole_number_to: '{{param}} must be a whole number from 1 to {{max}}.',
      whole_number: '{{param}} must be a whole number from 1.',
      repeated: '{{param}} is given more than once.',
      not_a_filter: '{{param}} is not a valid filter.',
      unknown_operator: 'Unknown operator {{op}}.',
      arity: '{{op}} takes exactly {{arity}} values.',
      not_a_sort: '{{param}} is not a valid sort.',
      not_an_include: '{{param}} is not a valid include.',
      cursor: 'This cursor was not given by this list.',
      filter_refused: 'Filtering by {{field}} is not allowed.',
      sort_refused: 'Sorting by {{field}} is not allowed.',
      one_sort: 'Sort by one field only.',
      include_refused: 'Include {{include}} is not allowed.',
      unknown_parameter: 'Unknown parameter {{param}}.',
      one_of: '{{param}} must be one of {{values}}.',
      too_long: '{{param}} holds at most {{max}} characters.',
      sort_needs_owner: 'Sorting by {{field}} needs one owner: filter by owner.id.',
      columns_repeated: 'Columns given more than once: {{columns}}.',
      unknown_columns: 'Unknown columns: {{columns}}.',
      not_a_date: '{{param}} must be a date (YYYY-MM-DD).',
    },
    movement_reasons: {
      supplier_reception: 'Supplier delivery',
      order_shipment: 'Customer order shipment',
      customer_return: 'Customer return',
      inventory_adjustment: 'Inventory adjustment',
      breakage: 'Breakage',
    },
    order: {
      stock_insufficient: 'Not enough stock of {{product}} ({{label}}): {{ordered}} ordered, {{available}} available.',
      departure_warehouse_required: 'Choose the departure warehouse: the lines leave from several warehouses.',
      'send-transmitting-orders': { success: 'The transmitting orders have been sent again.' },
    },
  },
} as const;

export function pickLanguage(header: string | undefined | null): Language {
  const first = (header ?? '').trim().slice(0, 2).toLowerCase();
  return (LANGUAGES as readonly string[]).includes(first) ? (first as Language) : DEFAULT_LANGUAGE;
}

function lookup(lang: Language, key: string): string | undefined {
  let cur: unknown = sharedMessages[lang];
  for (const part of key.split('.')) cur = (cur as Record<string, unknown> | undefined)?.[part];
  return typeof cur === 'string' ? cur : undefined;
}

/** Translates a key with {{value}} interpolation; unknown keys come back as they are. */
export function translate(lang: Language, key: string, values: Record<string, unknown> = {}): string {
  const text = lookup(lang, key) ?? key;
  return text.replace(/\{\{(\w+)\}\}/g, (_, k: string) => String(values[k] ?? ''));
}

/** The message key of a zod issue: ours when we set one, else the closest shared one. */
export function issueKey(i: z.core.$ZodIssue): { key: string; values: Record<string, unknown> } {
  const values: Record<string, unknown> = { ...((i as { params?: Record<string, unknown> }).params ?? {}) };
  if (i.code === 'too_big') values.max = i.maximum;
  if (i.code === 'too_small') values.min = i.minimum;
  if (/^(validation|import)\./.test(i.message)) return { key: i.message, values };
  if (i.code === 'invalid_type' && (i as { input?: unknown }).input === undefined)
    return { key: MESSAGES.required, values };
  if (i.code === 'too_big' && i.origin === 'string') return { key: MESSAGES.maxLength, values };
  return { key: MESSAGES.invalid, values };
}

/** zod error → the specs' `errors` map: dotted field path → translated messages. */
/** A zod error's messages by field (dotted path; '_' for the whole input), as keys and their values. */
export function fieldMessages(error: z.ZodError): Record<string, { key: string; values: Record<string, unknown> }[]> {
  const out: Record<string, { key: string; values: Record<string, unknown> }[]> = {};
  for (const i of error.issues) {
    const field = i.path.join('.') || '_';
    const list = out[field] ?? [];
    list.push(issueKey(i));
    out[field] = list;
  }
  return out;
}

/** A zod error's messages by field, worded (each once). */
export function fieldErrors(error: z.ZodError, lang: Language): Record<string, string[]> {
  return Object.fromEntries(
    Object.entries(fieldMessages(error)).map(([field, ms]) => [
      field,
      [...new Set(ms.map((m) => translate(lang, m.key, m.values)))],
    ]),
  );
}
