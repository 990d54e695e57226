import type { WebhookEvent } from '@cellar/shared/webhooks/schemas';
import type { TFunction } from 'i18next';

/** An event's name as people read it ('Commande expédiée (avec suivi)'). */
export const eventLabel = (t: TFunction, event: WebhookEvent) => t(`webhooks.events.${event}`);
