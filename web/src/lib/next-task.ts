/**
 * Resolves in a task of its own: the work after it does not lengthen the task before (the browser may paint and
 * answer a tap in between). `scheduler.yield()` where the browser has it, a message to itself elsewhere (a timer
 * of 0 ms would wait 4 ms once nested).
 */
export function nextTask(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler;
  if (typeof scheduler?.yield === 'function') return scheduler.yield();
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      channel.port1.close();
      resolve();
    };
    channel.port2.postMessage(null);
  });
}
