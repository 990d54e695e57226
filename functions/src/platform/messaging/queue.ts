/**
 * Sending on a queue: the SQS client is loaded (`import()`) and created by the first message, so that a function
 * that never sends one never pays for the SQS SDK at cold start; each call traced in X-Ray. Its endpoint comes from
 * the SDK's own variable (AWS_ENDPOINT_URL_SQS), which the local runtime sets.
 */
import type { SendMessageCommandInput } from '@aws-sdk/client-sqs';
import { onFirstUse } from '../../config/on-first-use';
import { correlationAttributes } from '../../observability/correlation';
import { traced } from '../../observability/tracer';

const sqs = onFirstUse(
  async () => {
    const sdk = await import('@aws-sdk/client-sqs');
    return { sdk, client: traced(new sdk.SQSClient({})) };
  },
  () => process.env.AWS_ENDPOINT_URL_SQS,
);

/** Sends a message carrying the correlation id of the work under way (observability/correlation.ts). */
export async function sendMessage(input: SendMessageCommandInput): Promise<void> {
  const { sdk, client } = await sqs();
  const MessageAttributes = { ...correlationAttributes(), ...input.MessageAttributes };
  await client.send(new sdk.SendMessageCommand({ ...input, MessageAttributes }));
}
