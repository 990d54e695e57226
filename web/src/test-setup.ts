/** Web tests start as the app does: with the texts of the default language loaded (in a DOM; not in node's). */
if (typeof window !== 'undefined') {
  const { i18nReady } = await import('./lib/i18n');
  await i18nReady;
}

export {};
