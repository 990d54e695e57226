/**
 * A module and its client, loaded and created once, by the first call that needs them: a function that never
 * touches a file or a queue never pays for the S3 or SQS SDK at cold start (platform/files/objects.ts,
 * platform/messaging/queue.ts).
 *
 * Made again when what it was made from changes (`from`: the endpoint variable the SDK reads, a configured name).
 * A Lambda's environment never changes, so there it is made once; a process of the local runtime's tests starts
 * one runtime after another, each on emulators of its own, and a client made for the first must not talk to it
 * after it has stopped.
 */
export function onFirstUse<T>(load: () => Promise<T>, from: () => string | undefined = () => ''): () => Promise<T> {
  // A failed load counts in what it was made from: the next call loads again.
  let failures = 0;
  const loadCounted = () =>
    load().catch((e) => {
      failures += 1;
      throw e;
    });
  return madeFor(loadCounted, () => `${failures}:${from()}`);
}

/** The synchronous kind: a value made by its first use, made again when `from` changes. */
export function madeFor<T>(make: () => T, from: () => string | undefined): () => T {
  let made: { key: string | undefined; value: T } | undefined;
  return () => {
    const key = from();
    if (!made || made.key !== key) made = { key, value: make() };
    return made.value;
  };
}
