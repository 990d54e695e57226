/**
 * E-mails of what the warehouse did with a client's documents: an order refused, being prepared, shipped (with its
 * tracking links), its cancellation confirmed or refused; a reception counted (with its differences). Each goes to
 * the active users of the document's company who chose e-mail in their settings (`notificationChannels`) and that
 * kind of news (`notificationEvents`, all of them until they choose), in their language, with a link to the document.
 * What is to be sent is written in the transaction of the report that calls for it (`notificationPut`), then sent
 * at once (`deliverNotification`) and the entry deleted; a process that dies between the two leaves the entry for
 * the sweep, so nothing is lost (a recipient may then get the same e-mail twice: the safer side).
 *   PK OUTBOX#NOTIFY   SK <kind>#<document id>#<event>#<seq>   { kind, documentId, ownerId, event, at, details }
 */
import { chosenEvents, NOTIFIED_EVENTS, type NotifiedEvent } from '@cellar/shared/users/schemas';
import * as z from 'zod';
import { batchGet, deleteItem, getItem, type Key, queryAll, queryKeys } from '../data/table';
import type { TransactAction } from '../data/transact';
import { logger } from '../observability/logger';
import { appUrl } from '../platform/http/app-url';
import { sendMail } from '../platform/messaging/mail';
import { type UserItem, userRecords, userSource } from '../users/repository';

export const NOTIFY = 'OUTBOX#NOTIFY';

const entrySchema = z.object({
  PK: z.string(),
  SK: z.string(),
  kind: z.enum(['order', 'reception']),
  documentId: z.string(),
  ownerId: z.string(),
  /** The document's reference, as the e-mail names it. */
  reference: z.string(),
  event: z.enum(NOTIFIED_EVENTS),
  /** When the entry was written: the sweep leaves it to its request for a minute. */
  at: z.string(),
  details: z.record(z.string(), z.unknown()),
});
export type NotificationEntry = z.infer<typeof entrySchema>;

/** The key of the e-mails of one report. */
export const notificationKey = (kind: 'order' | 'reception', documentId: string, event: string, seq: number): Key => ({
  PK: NOTIFY,
  SK: `${kind}#${documentId}#${event}#${seq}`,
});

/** The put of the e-mails a report calls for, for its transaction. */
export function notificationPut(
  kind: 'order' | 'reception',
  doc: { id: string; ownerId: string; reference: string },
  event: NotifiedEvent,
  seq: number,
  details: Record<string, unknown>,
): Extract<TransactAction, { put: unknown }> {
  return {
    put: {
      ...notificationKey(kind, doc.id, event, seq),
      entity: 'notification',
      kind,
      documentId: doc.id,
      ownerId: doc.ownerId,
      reference: doc.reference,
      event,
      at: new Date().toISOString(),
      details,
    },
  };
}

type Lang = 'fr' | 'en';
const langOf = (u: UserItem): Lang => (u.locale.startsWith('en') ? 'en' : 'fr');

const day = (iso: unknown, lang: Lang) =>
  typeof iso === 'string'
    ? new Intl.DateTimeFormat(lang === 'fr' ? 'fr-FR' : 'en-GB', {
        dateStyle: 'long',
        timeZone: 'UTC',
      }).format(new Date(`${iso.slice(0, 10)}T12:00:00Z`))
    : '';

type Short = { productCode: string; ordered?: number; prepared?: number; expected?: number; received?: number };
const list = (rows: unknown) => (Array.isArray(rows) ? (rows as Short[]) : []);

/** The subject and the body's first paragraph of an event, in a language. */
function wording(e: NotificationEntry, lang: Lang): { subject: string; body: string } {
  const fr = lang === 'fr';
  const d = e.details;
  const ref = e.reference;
  switch (e.event) {
    case 'order.refused':
      return fr
        ? {
            subject: `Commande ${ref} refusée par l’entrepôt`,
            body: `L’entrepôt ne peut pas prendre la commande ${ref} : ${d.reason}. Elle est annulée et son stock libéré.`,
          }
        : {
            subject: `Order ${ref} refused by the warehouse`,
            body: `The warehouse cannot take order ${ref}: ${d.reason}. It is cancelled and its stock released.`,
          };
    case 'order.preparing':
      return fr
        ? {
            subject: `Commande ${ref} en préparation`,
            body: `L’entrepôt prépare la commande ${ref} depuis le ${day(d.preparationDate, lang)}.${d.appointmentDate ? ` Rendez-vous le ${day(d.appointmentDate, lang)}.` : ''}`,
          }
        : {
            subject: `Order ${ref} being prepared`,
            body: `The warehouse started preparing order ${ref} on ${day(d.preparationDate, lang)}.${d.appointmentDate ? ` Appointment on ${day(d.appointmentDate, lang)}.` : ''}`,
          };
    case 'order.shipped': {
      const tracking = list(d.trackingNumbers) as unknown as { number: string; url: string | null }[];
      const lines = tracking.map((t) => `  ${t.number}${t.url ? ` : ${t.url}` : ''}`).join('\n');
      const short = list(d.short)
        .map((s) =>
          fr
            ? `  ${s.productCode} : ${s.prepared} sur ${s.ordered}`
            : `  ${s.productCode}: ${s.prepared} of ${s.ordered}`,
        )
        .join('\n');
      return fr
        ? {
            subject: `Commande ${ref} expédiée`,
            body: `La commande ${ref} a quitté l’entrepôt.${lines ? `\n\nSuivi :\n${lines}` : ''}${short ? `\n\nQuantités expédiées inférieures à la commande :\n${short}` : ''}`,
          }
        : {
            subject: `Order ${ref} shipped`,
            body: `Order ${ref} left the warehouse.${lines ? `\n\nTracking:\n${lines}` : ''}${short ? `\n\nShipped less than ordered:\n${short}` : ''}`,
          };
    }
    case 'order.cancellation_confirmed':
      return fr
        ? {
            subject: `Commande ${ref} annulée`,
            body: `L’entrepôt a confirmé l’annulation de la commande ${ref}. Son stock est libéré.`,
          }
        : {
            subject: `Order ${ref} cancelled`,
            body: `The warehouse confirmed the cancellation of order ${ref}. Its stock is released.`,
          };
    case 'order.cancellation_refused':
      return fr
        ? {
            subject: `Annulation de la commande ${ref} refusée`,
            body: `Trop tard pour arrêter la commande ${ref} : ${d.reason}. Elle suit son cours.`,
          }
        : {
            subject: `Cancellation of order ${ref} refused`,
            body: `Too late to stop order ${ref}: ${d.reason}. It goes on.`,
          };
    case 'reception.received': {
      const diffs = list(d.differences)
        .map((s) =>
          fr
            ? `  ${s.productCode} : ${s.received} reçues, ${s.expected} annoncées`
            : `  ${s.productCode}: ${s.received} received, ${s.expected} announced`,
        )
        .join('\n');
      return fr
        ? {
            subject: `Réception ${ref} réceptionnée`,
            body: `L’entrepôt a compté la réception ${ref} ; le stock est à jour.${diffs ? `\n\nÉcarts avec l’annonce :\n${diffs}` : ''}`,
          }
        : {
            subject: `Reception ${ref} received`,
            body: `The warehouse counted reception ${ref}; the stock is up to date.${diffs ? `\n\nDifferences from the notice:\n${diffs}` : ''}`,
          };
    }
  }
}

/** The e-mail of an event for one user, in the user's language. */
export async function notificationMail(e: NotificationEntry, u: UserItem) {
  const lang = langOf(u);
  const { subject, body } = wording(e, lang);
  const path = e.kind === 'order' ? `/order/detail/${e.documentId}` : `/reception/detail/${e.documentId}`;
  const link = `${await appUrl()}${path}`;
  const hello = lang === 'fr' ? `Bonjour ${u.firstname},` : `Hello ${u.firstname},`;
  const open = lang === 'fr' ? 'Voir le détail' : 'See the details';
  const why =
    lang === 'fr'
      ? 'Vous recevez cet e-mail car vous avez choisi d’être prévenu de ce type d’événement par e-mail ; vos paramètres Cellar permettent de le changer.'
      : 'You receive this e-mail because you chose to hear of this kind of event by e-mail; your Cellar settings let you change that.';
  return { to: u.email, subject, text: `${hello}\n\n${body}\n\n${open} : ${link}\n\n${why}\n` };
}

/** Sends an entry's e-mails to whoever of its company chose e-mail, then deletes it. */
export async function deliverNotification(entry: NotificationEntry): Promise<void> {
  // The company's users: their keys from the index (which holds keys only), then the users themselves.
  const found: Key[] = [];
  for await (const k of queryKeys(userSource(entry.ownerId))) found.push({ PK: String(k.PK), SK: String(k.SK) });
  for (const u of (await batchGet(found)).map((i) => userRecords.parse(i))) {
    if (!u.active || !u.notificationChannels.includes('mail')) continue;
    if (!chosenEvents(u.notificationEvents).includes(entry.event)) continue;
    await sendMail(await notificationMail(entry, u));
  }
  await deleteItem({ PK: entry.PK, SK: entry.SK });
}

/** While held (the demo's seed, replaying history), reports write their e-mails and nothing sends them. */
let held = false;
export const holdNotifications = (hold: boolean) => {
  held = hold;
};

/** Sends at once the e-mails a report put in the outbox (called after the report's transaction). */
export async function notifyNow(key: Key) {
  if (held) return;
  try {
    const entry = entrySchema.safeParse(await getItem(key));
    if (entry.success) await deliverNotification(entry.data);
  } catch (error) {
    // The sweep sends them later.
    logger.error('Notification e-mail not sent', { key: key.SK, error: error as Error });
  }
}

/** Deletes every e-mail not sent yet (the demo's seed: its history is not news). */
export async function discardNotifications(): Promise<void> {
  for await (const item of queryAll({ pk: NOTIFY })) await deleteItem({ PK: String(item.PK), SK: String(item.SK) });
}

/** The entries written longer than `graceMs` ago: the sweep sends them. */
export async function* dueNotifications(now: number, graceMs: number): AsyncGenerator<NotificationEntry> {
  for await (const item of queryAll({ pk: NOTIFY })) {
    const entry = entrySchema.safeParse(item);
    if (entry.success && Date.parse(entry.data.at) + graceMs <= now) yield entry.data;
  }
}
