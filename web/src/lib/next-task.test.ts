import { afterEach, describe, expect, it, vi } from 'vitest';
import { nextTask } from './next-task';

describe('nextTask', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('resolves after the current task and its microtasks, in a task of its own', async () => {
    const order: string[] = [];
    const later = nextTask().then(() => order.push('next task'));
    void Promise.resolve().then(() => order.push('microtask'));
    order.push('this task');
    await later;
    expect(order).toEqual(['this task', 'microtask', 'next task']);
  });

  it("uses the browser's scheduler.yield where there is one", async () => {
    const yieldTo = vi.fn(async () => {});
    vi.stubGlobal('scheduler', { yield: yieldTo });
    await nextTask();
    expect(yieldTo).toHaveBeenCalledOnce();
  });
});
