import { beforeAll, describe, expect, it } from 'vitest';
import type { UserItem } from '../users/repository';
import { type NotificationEntry, notificationMail } from './status-mail';

const user = (locale: string) =>
  ({ email: 'anne@cli001.test', firstname: 'Anne', locale, notificationChannels: ['mail'] }) as unknown as UserItem;

const entry = (event: NotificationEntry['event'], details: Record<string, unknown>): NotificationEntry => ({
  PK: 'OUTBOX#NOTIFY',
  SK: `order#01ORDER#${event}#1`,
  kind: event.startsWith('order') ? 'order' : 'reception',
  documentId: '01ORDER',
  ownerId: 'C1',
  reference: 'CMD-7',
  event,
  at: '2026-11-27T10:00:00.000Z',
  details,
});

beforeAll(() => {
  process.env.APP_URL = 'https://cellar.example/';
});

describe('Function: notificationMail', () => {
  it('tells a shipment in the reader’s language, with its tracking links, its short lines and the order’s link', async () => {
    // Prepare
    const shipped = entry('order.shipped', {
      trackingNumbers: [
        { number: 'GE42', url: 'https://geodis.com/fr/suivi?ref=GE42' },
        { number: 'GE43', url: null },
      ],
      short: [{ productCode: 'MARG15', ordered: 12, prepared: 11 }],
    });
    // Act
    const fr = await notificationMail(shipped, user('fr-FR'));
    const en = await notificationMail(shipped, user('en-GB'));
    // Assess
    expect(fr.subject).toBe('Commande CMD-7 expédiée');
    expect(fr.text).toContain('GE42 : https://geodis.com/fr/suivi?ref=GE42');
    expect(fr.text).toContain('MARG15 : 11 sur 12');
    expect(fr.text).toContain('https://cellar.example/order/detail/01ORDER');
    expect(en.subject).toBe('Order CMD-7 shipped');
    expect(en.text).toContain('Hello Anne,');
    expect(en.text).toContain('MARG15: 11 of 12');
  });

  it('gives the warehouse’s reason for a refusal, and a count’s differences', async () => {
    const refused = await notificationMail(entry('order.refused', { reason: 'Adresse incomplète' }), user('fr-FR'));
    const counted = await notificationMail(
      entry('reception.received', { differences: [{ productCode: 'MARG15', expected: 60, received: 59 }] }),
      user('en-US'),
    );
    expect(refused.text).toContain('Adresse incomplète');
    expect(counted.subject).toBe('Reception CMD-7 received');
    expect(counted.text).toContain('MARG15: 59 received, 60 announced');
    expect(counted.text).toContain('/reception/detail/01ORDER');
  });
});
