import type { QueryClient } from '@tanstack/react-query';
import { toast } from '@/components/ui/toast';
import { DOCUMENT_OUTBOX_KINDS, orderDocumentKeys } from '@/features/order-documents/keys';
import { PAYMENT_OUTBOX_KINDS, orderPaymentKeys } from '@/features/order-payments/keys';
import { ORDER_OUTBOX_KINDS, salesOrderKeys } from '@/features/sales-orders/keys';
import { rememberReturnTo } from '@/lib/navigation/return-to';
import { createCoalescer } from '@/lib/offline/coalesce';
import { startQueryPersistence, wipePersistedQueries, type QueryPersistence } from '@/lib/offline/persister';
import type { OutboxHandler } from '@/lib/offline/outbox';
import { FLUSH_MESSAGE, hasOutboxItems, setOutboxStarter } from '@/lib/offline/outbox-peek';
import type { OutboxRuntime } from '@/lib/offline/sync';
import { clearServiceWorkerUserCaches } from '@/lib/offline/update';
import type { Session } from '@/lib/session';

/**
 * Offline wiring of the app, loaded as its own chunk by main.tsx (app/boot.ts) once a
 * user is signed in, so /login loads none of it (the service worker is registered by main.tsx):
 * the persisted query cache, the outbox with the features' handlers, the wipe on logout and the
 * request for persistent storage after sign-in. Neither this chunk nor the cache uses Dexie
 * (lib/offline/idb.ts); the outbox runtime (Dexie, ~33 KiB gzipped) loads only when the user
 * has something queued — at start, when the network returns, on the service worker's Background
 * Sync message, at a sign-in — or when a screen that queues writes opens.
 */

const userIdOf = (session: Session) => () => {
  const s = session.getState();
  return s.status !== 'anonymous' && s.user ? s.user.id : null;
};

/**
 * Restores the signed-in user's cached queries and persists the client's answers from now on
 * (lib/offline/persister.ts); resolves when the cache is in memory (never rejects).
 */
export function restoreQueries(queryClient: QueryClient, session: Session): Promise<QueryPersistence> {
  return startQueryPersistence(queryClient, userIdOf(session));
}

/** Asks the browser not to evict our IndexedDB under storage pressure (queued files live there). */
async function requestPersistentStorage() {
  try {
    if (navigator.storage?.persist && !(await navigator.storage.persisted())) await navigator.storage.persist();
  } catch {
    // Not available: best effort.
  }
}

/** The spec's success texts (001 §8), shown when a queued item is delivered. */
const DELIVERED_TEXT: Record<string, string> = {
  [PAYMENT_OUTBOX_KINDS.createPayment]: 'Pagamento criado com sucesso',
  [PAYMENT_OUTBOX_KINDS.confirmPayment]: 'Pagamento registrado com sucesso',
  [PAYMENT_OUTBOX_KINDS.undoPayment]: 'Pagamento estornado com sucesso',
  [DOCUMENT_OUTBOX_KINDS.uploadDocument]: 'Documento enviado com sucesso',
  [ORDER_OUTBOX_KINDS.updateOrder]: 'Pedido atualizado com sucesso',
};

/**
 * The outbox handlers of an order's payment and document writes and of its edits, loaded with the first send: they
 * bring the payments' and documents' API code (zod schemas, date-fns), which a page that sends
 * nothing does not need. `alreadyDone` is only asked after a failed `send`, so the
 * modules are there.
 */
let loadedHandlers: Record<string, OutboxHandler> | undefined;
async function loadHandlers(): Promise<Record<string, OutboxHandler>> {
  if (!loadedHandlers) {
    const [payments, documents, orders] = await Promise.all([
      import('@/features/order-payments/outbox'),
      import('@/features/order-documents/outbox'),
      import('@/features/sales-orders/outbox'),
    ]);
    loadedHandlers = { ...payments.paymentOutboxHandlers, ...documents.documentOutboxHandlers, ...orders.orderOutboxHandlers };
  }
  return loadedHandlers;
}
const lazyHandlers: Record<string, OutboxHandler> = Object.fromEntries(
  [...Object.values(PAYMENT_OUTBOX_KINDS), ...Object.values(DOCUMENT_OUTBOX_KINDS), ...Object.values(ORDER_OUTBOX_KINDS)].map(
    (kind): [string, OutboxHandler] => [
      kind,
      {
        async send(item, ctx) {
          const handler = (await loadHandlers())[kind];
          if (!handler) throw new Error(`Sem tratamento para itens '${kind}' na fila de envio`);
          return handler.send(item, ctx);
        },
        alreadyDone: (error, item) => loadedHandlers?.[kind]?.alreadyDone?.(error, item),
      },
    ],
  ),
);

/** How long deliveries gather before their orders are refreshed and their success shown (ms). */
const DELIVERY_BURST_MS = 400;

/** Tabs tell each other about deliveries: only the sending tab runs `onDelivered`. */
const DELIVERED_CHANNEL = 'balcao-outbox-delivered';

/**
 * Starts the session-driven parts (wipe on logout, persist() after sign-in) and, when there is
 * work for it, the outbox. `signedIn`: the app started with a sign-in (not a stored session),
 * which lifts a 401 pause of that user's queue, as a sign-in under a running outbox does.
 */
export function startOffline(queryClient: QueryClient, session: Session, { signedIn = false }: { signedIn?: boolean } = {}) {
  let runtime: Promise<OutboxRuntime | undefined> | undefined;
  const startRuntime = () =>
    (runtime ??= import('@/lib/offline/sync')
      .then(({ startOutbox }) => startOutboxRuntime(startOutbox, queryClient, session))
      .catch((error: unknown) => {
        console.warn('[offline] fila de envio indisponível', error);
        runtime = undefined;
        return undefined;
      }));
  setOutboxStarter(startRuntime);

  /** Starts the outbox when the signed-in user has something in it (`resume`: after a sign-in). */
  const startIfQueued = async (resume: boolean) => {
    if (runtime) return;
    const { status, user } = session.getState();
    if (status !== 'authenticated' || !user || !(await hasOutboxItems(user.id))) return;
    const started = await startRuntime();
    if (started && resume) await started.outbox.resume(user.id).then(() => started.flush());
  };
  void startIfQueued(signedIn);
  if (typeof window !== 'undefined') window.addEventListener('online', () => void startIfQueued(false));
  if (typeof navigator !== 'undefined' && 'serviceWorker' in navigator) {
    navigator.serviceWorker.addEventListener('message', (e: MessageEvent<{ type?: string } | null>) => {
      if (e.data?.type === FLUSH_MESSAGE) void startIfQueued(false);
    });
  }

  let last = session.getState();
  if (last.status === 'authenticated') void requestPersistentStorage();
  session.subscribe(() => {
    const next = session.getState();
    if (last.user && !next.user) {
      void wipePersistedQueries();
      clearServiceWorkerUserCaches();
    }
    if (next.status === 'authenticated' && last.status !== 'authenticated') {
      void requestPersistentStorage();
      void startIfQueued(true);
    }
    last = next;
  });
}

/** The outbox runtime with the features' handlers and the app's toasts (lib/offline/sync.ts). */
function startOutboxRuntime(startOutbox: typeof import('@/lib/offline/sync').startOutbox, queryClient: QueryClient, session: Session): OutboxRuntime {
  // The other tabs see the queued row vanish (the outbox is shared); they refetch the order's
  // payments and documents so the delivered record takes its place.
  const refreshOrder = (orderId: number) => {
    void queryClient.invalidateQueries({ queryKey: orderPaymentKeys.byOrder(orderId) });
    void queryClient.invalidateQueries({ queryKey: orderDocumentKeys.byOrder(orderId) });
    // an order's own edit (order.update): its detail and the lists
    void queryClient.invalidateQueries({ queryKey: salesOrderKeys.all() });
  };
  const channel = typeof BroadcastChannel !== 'undefined' ? new BroadcastChannel(DELIVERED_CHANNEL) : undefined;
  channel?.addEventListener('message', (e: MessageEvent<{ orderId?: unknown }>) => {
    if (typeof e.data?.orderId === 'number') refreshOrder(e.data.orderId);
  });
  // A drained queue delivers many items a second: their orders are refreshed, and the other tabs
  // told, once per burst (DELIVERY_BURST_MS), not once per item, and each success text shows once
  // with how many items it stands for.
  const refreshes = createCoalescer<number>(DELIVERY_BURST_MS, (orders) => {
    for (const orderId of orders.keys()) {
      refreshOrder(orderId);
      channel?.postMessage({ orderId });
    }
  });
  const successes = createCoalescer<string>(DELIVERY_BURST_MS, (texts) => {
    for (const [text, count] of texts) toast({ title: 'Sucesso', description: count === 1 ? text : `${text} (${count} itens da fila de envio)` });
  });
  return startOutbox({
    session,
    handlers: lazyHandlers,
    onDelivered: (item) => {
      refreshes.add(item.orderId);
      const done = DELIVERED_TEXT[item.kind];
      if (done) successes.add(done);
    },
    onPaused: (userId) => {
      // Only the signed-in user's 401 ends this session (a send of someone who already left says nothing).
      if (session.getState().user?.id !== userId) return;
      toast({ title: 'Sessão expirada', description: 'Entre novamente para enviar os itens pendentes.', variant: 'destructive' });
      // As any other 401 (main.tsx): back to where the user was after signing in again.
      if (session.getState().status === 'authenticated') rememberReturnTo(window.location.pathname + window.location.search);
      session.logout();
    },
    onAttention: (_item, message) => toast({ title: 'Erro', description: `${message} (item na fila de envio: precisa de atenção)`, variant: 'destructive' }),
  });
}
