/**
 * A module and its client, loaded and created once, by the first call that needs them: a function that never
 * touches a file or a queue never pays for the S3 or SQS SDK at cold start (platform/files/objects.ts,
 * platform/messaging/queue.ts).
 */
export function onFirstUse<T>(load: () => Promise<T>): () => Promise<T> {
  let loaded: Promise<T> | undefined;
  return () => {
    loaded ??= load();
    return loaded;
  };
}
