import type { ImportJob } from '@cellar/shared/imports/schemas';
import { act } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setLanguage } from '../../../lib/i18n';
import { show as mount } from '../../../testing/dom';
import { JobProgress } from './job-progress';

const job = (over: Partial<ImportJob>): ImportJob => ({
  id: 'j1',
  template: 'contact',
  type: 'supplier',
  ownerId: 'c1',
  status: 'running',
  total: 20000,
  processed: 0,
  created: 0,
  failed: 0,
  errors: [],
  createdAt: '2026-11-23T09:59:00Z',
  startedAt: null,
  finishedAt: null,
  ...over,
});

async function show(value: ImportJob, language = 'fr') {
  await act(() => setLanguage(language as 'fr' | 'en'));
  return mount(
    <MemoryRouter>
      <JobProgress job={value} listPath="/supplier/list" />
    </MemoryRouter>,
  );
}

// The clock stands still: the rate is the rows over the time since the start.
const NOW = Date.parse('2026-11-23T10:00:00Z');
beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(NOW);
});

afterEach(async () => {
  vi.useRealTimers();
  await act(() => setLanguage('fr'));
});

const rate = (el: HTMLElement) => el.querySelector('[data-testid="import-rate"]')?.textContent;

describe('the import progress', () => {
  it('shows rows per second and the estimated end once the worker has started, in French', async () => {
    const startedAt = new Date(NOW - 10_000).toISOString();
    const el = await show(job({ startedAt, processed: 12_340 }));
    // 1,234 rows/s; the 7,660 rows left take 7 s at that rate.
    expect(rate(el)).toMatch(/^1\s234 lignes\/s · fin estimée dans\s7\ss$/);
    expect(el.textContent).toMatch(/12\s340 \/ 20\s000 lignes traitées/);
    // Said to a screen reader through a polite status, not at every poll.
    expect(el.querySelector('[role="status"][aria-live="polite"]')?.textContent).toBe(rate(el));
    expect(el.querySelector('[role="progressbar"]')).not.toBeNull();
  });

  it('words them in English with its separators and minutes', async () => {
    const startedAt = new Date(NOW - 100_000).toISOString();
    const el = await show(job({ startedAt, processed: 2_000, total: 100_000 }), 'en');
    // 20 rows/s, 98,000 rows left: 4,900 s, about 82 minutes.
    expect(rate(el)).toMatch(/^20 rows\/s · estimated end in\s82\smin\.$/);
  });

  it('shows no rate before the worker has started (the bar alone)', async () => {
    const el = await show(job({ processed: 0 }));
    expect(rate(el)).toBeUndefined();
    expect(el.querySelector('[role="progressbar"]')).not.toBeNull();
  });
});
