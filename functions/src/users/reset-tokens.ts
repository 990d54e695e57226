/**
 * Single-use links for a first login and for a password reset. The token is random (32 bytes), only its SHA-256
 * is stored, it expires (7 days for a welcome, 1 hour for a reset), and consuming it is a conditional write, so
 * a link works once. A link also holds its user's token version when sent: using any link bumps that version, which
 * voids the user's other outstanding links (no query for them needed).
 */
import { createHash, randomBytes } from 'node:crypto';
import * as z from 'zod';
import { tokenVersionOf } from '../caller/tokens';
import { defineEntity } from '../data/entity';
import { keys } from '../data/keys';
import { appUrl } from '../platform/http/app-url';
import { sendMail } from '../platform/messaging/mail';
import type { UserItem } from './repository';

const TTL = { welcome: 7 * 24 * 3600, reset: 3600 } as const;
type Purpose = keyof typeof TTL;

const resetLinkSchema = z.object({
  /** The SHA-256 of the token: the token itself is only in the e-mail. */
  hash: z.string(),
  userId: z.string(),
  email: z.string(),
  purpose: z.enum(['welcome', 'reset']),
  /** Epoch seconds. */
  expiresAt: z.number(),
  /** Lets DynamoDB clean up in AWS; expiry is checked on use, locally as in AWS. */
  ttl: z.number(),
  /** The user's token version when the link was sent (absent: 0); a link of an older version is void. */
  tokenVersion: z.number().int().optional(),
  /** Set once, when the link is used. */
  usedAt: z.number().optional(),
});
type ResetLink = z.infer<typeof resetLinkSchema>;

const resetLinks = defineEntity<ResetLink>({
  name: 'resetToken',
  schema: resetLinkSchema,
  key: (l) => keys.resetToken(l.hash),
});

const digest = (token: string) => createHash('sha256').update(token).digest('hex');

async function issue(user: UserItem, purpose: Purpose): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  const expiresAt = Math.floor(Date.now() / 1000) + TTL[purpose];
  await resetLinks.save({
    hash: digest(token),
    userId: user.id,
    email: user.email,
    purpose,
    tokenVersion: tokenVersionOf(user),
    expiresAt,
    ttl: expiresAt,
  });
  return token;
}

async function link(path: string, user: UserItem, token: string) {
  const query = new URLSearchParams({ email: user.email, token });
  return `${await appUrl()}${path}?${query}`;
}

const french = (u: UserItem) => !u.locale.startsWith('en');

export async function sendWelcome(user: UserItem): Promise<void> {
  const url = await link('/new-user', user, await issue(user, 'welcome'));
  await sendMail({
    to: user.email,
    subject: french(user) ? 'Votre accès à Cellar' : 'Your Cellar account',
    text: french(user)
      ? `Bonjour ${user.firstname},\n\nUn compte Cellar vient d’être créé pour vous. Choisissez votre mot de passe (lien valable 7 jours) :\n${url}\n`
      : `Hello ${user.firstname},\n\nA Cellar account was created for you. Choose your password (link valid for 7 days):\n${url}\n`,
  });
}

export async function sendReset(user: UserItem): Promise<void> {
  const url = await link('/reset-password', user, await issue(user, 'reset'));
  await sendMail({
    to: user.email,
    subject: french(user) ? 'Réinitialisation de votre mot de passe Cellar' : 'Reset your Cellar password',
    text: french(user)
      ? `Bonjour ${user.firstname},\n\nPour choisir un nouveau mot de passe (lien valable 1 heure) :\n${url}\n\nSi vous n’êtes pas à l’origine de cette demande, ignorez ce message.\n`
      : `Hello ${user.firstname},\n\nTo choose a new password (link valid for 1 hour):\n${url}\n\nIf you did not ask for this, ignore this message.\n`,
  });
}

/**
 * The user id a token stands for and the user's token version it was sent at, spending the token; undefined when
 * unknown, used, expired or not this e-mail's. The caller compares the version with the user's.
 */
export async function consumeToken(
  email: string,
  token: string,
): Promise<{ userId: string; tokenVersion: number } | undefined> {
  const link = await resetLinks.get(keys.resetToken(digest(token)));
  const now = Math.floor(Date.now() / 1000);
  if (!link || link.email.toLowerCase() !== email.trim().toLowerCase() || link.expiresAt <= now) return undefined;
  // Single use: of two requests with the same link, one marks it, the other finds it marked.
  const spent = await resetLinks.update(link, {
    update: 'SET usedAt = :now',
    condition: 'attribute_not_exists(usedAt)',
    values: { ':now': now },
  });
  return spent ? { userId: link.userId, tokenVersion: link.tokenVersion ?? 0 } : undefined;
}
