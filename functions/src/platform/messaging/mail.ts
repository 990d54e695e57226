/**
 * Outgoing e-mail: each message is handed to the sender — SES in AWS (MAIL_SENDER=ses, from MAIL_FROM), locally
 * the runtime's mailbox a person reads at /_mailbox (`useMailTransport`) — then recorded in the outbox. The record
 * keeps no usable link: the token of every link is redacted before it is stored, and the record expires after 30
 * days (DynamoDB's TTL in AWS; reads skip expired records everywhere).
 */
import type { SESv2Client } from '@aws-sdk/client-sesv2';
import { ulid } from 'ulid';
import * as z from 'zod';
import { config } from '../../config/config';
import { defineEntity } from '../../data/entity';
import { keys } from '../../data/keys';
import { queryPage } from '../../data/table';
import { logger } from '../../observability/logger';
import { traced } from '../../observability/tracer';

export interface Mail {
  to: string;
  subject: string;
  text: string;
}

const outboxEntrySchema = z.object({
  id: z.string(),
  createdAt: z.string(),
  /** `stored`: no sender configured, the message went nowhere. */
  status: z.enum(['stored', 'sent', 'failed']),
  to: z.string(),
  subject: z.string(),
  /** The text as sent, each link's token replaced by `[redacted]`. */
  text: z.string(),
  /** Epoch seconds: DynamoDB deletes the record after it (TTL attribute). */
  ttl: z.number().optional(),
});
export type OutboxEntry = z.infer<typeof outboxEntrySchema>;

/** Every e-mail sent, newest last (the local mailbox reads them). */
const outboxRecords = defineEntity<OutboxEntry>({
  name: 'mail',
  schema: outboxEntrySchema,
  key: (m) => ({ PK: keys.outbox, SK: m.id }),
});

const KEEP_DAYS = 30;

/** The text with every link's secret (`token=…`) replaced: what may be kept at rest. */
export const redactLinks = (text: string) => text.replace(/([?&]token=)[^&\s]+/g, '$1[redacted]');

/** Delivers a message where no SES sender is configured: the local runtime's mailbox. */
export type MailTransport = (mail: Mail) => Promise<void>;
let transport: MailTransport | undefined;
/** Makes `t` where e-mails go; answers the transport it replaces. */
export const useMailTransport = (t: MailTransport | undefined): MailTransport | undefined => {
  const replaced = transport;
  transport = t;
  return replaced;
};

let ses: SESv2Client | undefined;

async function deliver(mail: Mail): Promise<OutboxEntry['status']> {
  if (!config.sendsMailWithSes) {
    if (!transport) return 'stored';
    await transport(mail);
    return 'sent';
  }
  // Loaded with the first e-mail sent: locally, and in most requests, never.
  const { SESv2Client, SendEmailCommand } = await import('@aws-sdk/client-sesv2');
  ses ??= traced(new SESv2Client({}));
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
  const now = Date.now();
  const status = await deliver(mail);
  await outboxRecords.insert({
    ...mail,
    text: redactLinks(mail.text),
    id: ulid(now),
    createdAt: new Date(now).toISOString(),
    status,
    ttl: Math.floor(now / 1000) + KEEP_DAYS * 24 * 3600,
  });
}

/** The record of what was sent, newest first, expired records left out (TTL deletes them late, if at all locally). */
export async function readOutbox(limit = 50): Promise<OutboxEntry[]> {
  const { items } = await queryPage({ pk: keys.outbox, desc: true }, limit);
  const now = Date.now() / 1000;
  return items.map(outboxRecords.parse).filter((m) => m.ttl === undefined || m.ttl > now);
}
