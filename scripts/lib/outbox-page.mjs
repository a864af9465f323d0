/* global indexedDB -- functions passed to page.evaluate run in the browser */
/**
 * bench:offline's work inside the page (scripts/bench-offline.mjs), run with Playwright's `page.evaluate`: the
 * writes queued in the app's IndexedDB outbox as the app stores them, the rows left in it, and the same writes
 * sent straight from the page. `f` is the bench's fixtures ({orderId, method: {id, name}, type: {id, name}}),
 * `photo` the JPEG's bytes as a plain array (it crosses into the page as JSON).
 */

/** Stores the writes in the outbox as the app does (plain payloads, a key each, files as Blobs). */
export async function enqueueInPage(page, f, userId, payments, documents, photo) {
  return page.evaluate(
    ({ f, userId, payments, documents, photo }) =>
      new Promise((resolve, reject) => {
        const open = indexedDB.open('balcao');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const db = open.result;
          const tx = db.transaction(['outbox', 'outboxBlobs'], 'readwrite');
          const outbox = tx.objectStore('outbox');
          const blobs = tx.objectStore('outboxBlobs');
          const base = Date.now();
          const item = (kind, payload, i) => ({
            userId,
            orderId: f.orderId,
            kind,
            idempotencyKey: crypto.randomUUID(),
            payload,
            state: 'queued',
            attempts: 0,
            nextAttemptAt: 0,
            createdAt: base + i,
          });
          for (let i = 0; i < payments; i += 1) {
            const at = new Date(base + i);
            outbox.add(
              item(
                'payment.create',
                {
                  orderId: f.orderId,
                  paymentMethodId: f.method.id,
                  methodName: f.method.name,
                  amount: 100 + i,
                  installments: 1,
                  createdAt: at.toISOString(),
                  customDocumentId: `SO-${f.orderId}-${at.getTime()}`,
                },
                i,
              ),
            );
          }
          for (let i = 0; i < documents; i += 1) {
            const name = `bench-${i}.jpg`;
            const req = outbox.add(
              item(
                'document.upload',
                {
                  orderId: f.orderId,
                  documentTypeId: f.type.id,
                  documentTypeName: f.type.name,
                  fileName: name,
                  step: 'file',
                  companyUserId: 3,
                  dispatcherUserId: 2,
                },
                payments + i,
              ),
            );
            req.onsuccess = () => blobs.put({ seq: req.result, blob: new Blob([new Uint8Array(photo)], { type: 'image/jpeg' }), name, type: 'image/jpeg' });
          }
          tx.oncomplete = () => {
            db.close();
            resolve(undefined);
          };
          tx.onerror = () => reject(tx.error);
        };
      }),
    { f, userId, payments, documents, photo },
  );
}

/** The outbox rows left: how many, and the errors of those the server refused ('precisa de atenção'). */
export const outboxLeft = (page) =>
  page.evaluate(
    () =>
      new Promise((resolve, reject) => {
        const open = indexedDB.open('balcao');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const req = open.result.transaction('outbox').objectStore('outbox').getAll();
          req.onsuccess = () => {
            open.result.close();
            resolve({ count: req.result.length, refused: req.result.filter((i) => i.state === 'attention').map((i) => `${i.kind}: ${i.lastError}`) });
          };
          req.onerror = () => reject(req.error);
        };
      }),
  );

/** The same writes sent directly from the page, one after the other; returns ms. */
export async function sendDirect(page, f, payments, documents, photo) {
  return page.evaluate(
    async ({ f, payments, documents, photo }) => {
      const token = localStorage.getItem('token');
      const auth = { Authorization: `Bearer ${token}` };
      const post = async (url, body, key) => {
        const res = await fetch(url, {
          method: 'POST',
          headers: { ...auth, 'content-type': 'application/json', 'Idempotency-Key': key },
          body: JSON.stringify(body),
        });
        if (!res.ok) throw new Error(`${url}: ${res.status}`);
        return res.json();
      };
      const t0 = performance.now();
      const base = Date.now() + 10_000_000; // custom ids distinct from the drained ones
      for (let i = 0; i < payments; i += 1) {
        const at = new Date(base + i);
        const amount = (100 + i) / 100;
        await post(
          '/api/receivables',
          {
            data: {
              pedido_id: f.orderId,
              sales_order: f.orderId,
              payment_method_id: f.method.id,
              amount_original: amount,
              amount_final: amount,
              installments: 1,
              status_in: 'pending',
              payment_date: at.toISOString(),
              custom_document_id: `SO-${f.orderId}-${at.getTime()}`,
            },
          },
          crypto.randomUUID(),
        );
      }
      for (let i = 0; i < documents; i += 1) {
        const key = crypto.randomUUID();
        const form = new FormData();
        form.append('files', new Blob([new Uint8Array(photo)], { type: 'image/jpeg' }), `direct-${i}.jpg`);
        const res = await fetch('/api/upload', { method: 'POST', headers: { ...auth, 'Idempotency-Key': `${key}:upload` }, body: form });
        if (!res.ok) throw new Error(`/api/upload: ${res.status}`);
        const [file] = await res.json();
        await post('/api/sales-order-documents', { data: { sales_order: f.orderId, document_type: f.type.id, content: file.id } }, `${key}:document`);
      }
      return performance.now() - t0;
    },
    { f, payments, documents, photo },
  );
}
