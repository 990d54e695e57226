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
  let loaded: { key: string | undefined; value: Promise<T> } | undefined;
  return () => {
    const key = from();
    if (!loaded || loaded.key !== key) {
      const value = load();
      loaded = { key, value };
      // A failed load is tried again by the next call.
      value.catch(() => {
        if (loaded?.value === value) loaded = undefined;
      });
    }
    return loaded.value;
  };
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
