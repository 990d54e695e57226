/**
 * Outgoing e-mail: every message is first written to the outbox (the record of what was sent), then handed to
 * the sender: SES in AWS (MAIL_SENDER=ses, from MAIL_FROM); locally the outbox is the mailbox a person reads
 * at /_mailbox.
 */
import type { SESv2Client } from '@aws-sdk/client-sesv2';
import { ulid } from 'ulid';
import { config } from '../config/config';
import { keys } from '../data/keys';
import { type Item, putItem, queryPage } from '../data/table';
import { logger } from './logger';

export interface Mail {
  to: string;
  subject: string;
  text: string;
}
export interface OutboxEntry extends Mail {
  id: string;
  createdAt: string;
  status: 'stored' | 'sent' | 'failed';
}

const OUTBOX = keys.outbox;
let ses: SESv2Client | undefined;

async function deliver(mail: Mail): Promise<OutboxEntry['status']> {
  if (!config.sendsMailWithSes) return 'stored';
  // Loaded with the first e-mail sent: locally, and in most requests, never.
  const { SESv2Client, SendEmailCommand } = await import('@aws-sdk/client-sesv2');
  ses ??= new SESv2Client({});
  try {
    await ses.send(
      new SendEmailCommand({
        FromEmailAddress: config.mailFrom,
        Destination: { ToAddresses: [mail.to] },
        Content: { Simple: { Subject: { Data: mail.subject }, Body: { Text: { Data: mail.text } } } },
      }),
    );
    return 'sent';
  } catch (error) {
    logger.error('Mail not sent', { error: error as Error });
    return 'failed';
  }
}

export async function sendMail(mail: Mail): Promise<void> {
  const entry: OutboxEntry = { ...mail, id: ulid(), createdAt: new Date().toISOString(), status: 'stored' };
  entry.status = await deliver(mail);
  await putItem({ PK: OUTBOX, SK: entry.id, entity: 'mail', ...entry });
}

/** The newest messages first. */
export async function readOutbox(limit = 50): Promise<OutboxEntry[]> {
  const { items } = await queryPage({ pk: OUTBOX, desc: true }, limit);
  return items.map(({ PK, SK, entity, ...rest }: Item) => rest as unknown as OutboxEntry);
}
