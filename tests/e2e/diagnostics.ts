import { test as baseTest } from '@playwright/test';

/**
 * `test` with an automatic fixture that, when a test fails, prints what the page itself knew:
 * its console errors and uncaught exceptions, and the rows of the `outbox` store of IndexedDB
 * (lib/offline/idb.ts). A failure on a loaded CI runner that does not reproduce here then
 * leaves more than a screenshot of the symptom behind.
 */
export const test = baseTest.extend<{ pageDiagnostics: void }>({
  pageDiagnostics: [
    async ({ page }, use, testInfo) => {
      const events: string[] = [];
      const at = () => new Date().toISOString().slice(11, 23);
      page.on('console', (m) => {
        if (m.type() === 'error' || m.type() === 'warning') events.push(`${at()} console.${m.type()}: ${m.text()}`);
      });
      page.on('pageerror', (e) => events.push(`${at()} pageerror: ${e.message}`));
      await use();
      if (testInfo.status === testInfo.expectedStatus) return;
      const outbox = await page
        .evaluate(
          () =>
            new Promise<string>((resolve) => {
              const req = indexedDB.open('balcao');
              req.onerror = () => resolve(`open failed: ${String(req.error)}`);
              req.onsuccess = () => {
                const db = req.result;
                if (!db.objectStoreNames.contains('outbox')) return resolve(`no outbox store (version ${db.version})`);
                const all = db.transaction('outbox', 'readonly').objectStore('outbox').getAll();
                all.onsuccess = () => resolve(JSON.stringify(all.result));
                all.onerror = () => resolve(`read failed: ${String(all.error)}`);
              };
            }),
        )
        .catch((error: unknown) => `page gone: ${String(error)}`);
      console.log(`[${testInfo.title}] page events:\n${events.join('\n') || '(none)'}\n[${testInfo.title}] outbox rows: ${outbox}`);
    },
    { auto: true },
  ],
});
