import type { QueryClient } from '@tanstack/react-query';
import type { QueryClientOptions } from './query-client';

/** Where the signed-in pages get the one QueryClient: the client itself once made, else its making. */
export type QueryClientSource = () => QueryClient | Promise<QueryClient>;

/**
 * The app's QueryClient, made on first use: TanStack Query (~9 KiB gzipped) and
 * lib/query-client.ts load only when a signed-in route (`_app`'s beforeLoad) or the offline
 * boot asks for it, so /login and the other signed-out pages download none of it.
 * `get()` answers the client synchronously once it exists (moving between screens never waits),
 * a promise of it before; `current()` is the client or undefined (nothing to clear yet).
 */
export function lazyQueryClient(options: QueryClientOptions = {}): { get: QueryClientSource; current: () => QueryClient | undefined } {
  let client: QueryClient | undefined;
  let making: Promise<QueryClient> | undefined;
  return {
    get: () => client ?? (making ??= import('./query-client').then((m) => (client = m.createQueryClient(options)))),
    current: () => client,
  };
}
