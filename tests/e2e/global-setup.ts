/**
 * Signs each demo account in once, through the login form, and keeps the browser storage it leaves (the session's
 * token is in localStorage) for the specs to start from (`signedIn` in support.ts): a sign-in per test took a
 * page, a password check and a dashboard each time. The tests whose subject is signing in or out still use the form.
 */
import { mkdir } from 'node:fs/promises';
import { dirname } from 'node:path';
import { chromium, type FullConfig } from '@playwright/test';
import { ACCOUNTS, type Account, sessionFile, signIn } from './support';

export default async function globalSetup(config: FullConfig) {
  const { baseURL, launchOptions, viewport } = config.projects[0]?.use ?? {};
  const browser = await chromium.launch(launchOptions);
  try {
    // One after the other: parallel sign-ins of the same source would only race for the throttle's slots.
    for (const account of Object.keys(ACCOUNTS) as Account[]) {
      const context = await browser.newContext({ baseURL, viewport });
      await signIn(await context.newPage(), ACCOUNTS[account], 60_000);
      await mkdir(dirname(sessionFile(account)), { recursive: true });
      await context.storageState({ path: sessionFile(account) });
      await context.close();
    }
  } finally {
    await browser.close();
  }
}
