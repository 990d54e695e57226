/**
 * Outgoing e-mail: every message is first written to the outbox (the record of what was sent), then handed to
 * the sender: SES in AWS (MAIL_SENDER=ses, from MAIL_FROM); locally the outbox is the mailbox a person reads
 * at /_mailbox.
 */
import type { SESv2Client } from '@aws-sdk/client-sesv2';
import { ulid } from 'ulid';
import * as z from 'zod';
import { config } from '../config/config';
import { defineEntity } from '../data/entity';
import { keys } from '../data/keys';
import { queryPage } from '../data/table';
import { logger } from './logger';

export interface Mail {
  to: string;
  subject: string;
  text: string;
}

const outboxEntrySchema = z.object({
  id: z.string(),
  createdAt: z.string(),
  status: z.enum(['stored', 'sent', 'failed']),
  to: z.string(),
  subject: z.string(),
  text: z.string(),
});
export type OutboxEntry = z.infer<typeof outboxEntrySchema>;

/** Every e-mail sent, newest last (the local mailbox reads them). */
const outboxRecords = defineEntity<OutboxEntry>({
  name: 'mail',
  schema: outboxEntrySchema,
  key: (m) => ({ PK: keys.outbox, SK: m.id }),
});

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
  await outboxRecords.insert(entry);
}

/** The newest messages first. */
export async function readOutbox(limit = 50): Promise<OutboxEntry[]> {
  const { items } = await queryPage({ pk: keys.outbox, desc: true }, limit);
  return items.map(outboxRecords.parse);
}
