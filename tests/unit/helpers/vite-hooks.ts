/**
 * A Vite/Rolldown plugin hook's handler, whether the plugin gives it as a function or as
 * `{ order, filter, handler }`, typed loosely for calling it in a test with a hand-made context.
 * @throws Error when the plugin has no such hook.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export function handlerOf(hook: unknown): (this: any, ...args: any[]) => any {
  if (typeof hook === 'function') return hook as never;
  if (hook && typeof hook === 'object' && 'handler' in hook && typeof hook.handler === 'function') return hook.handler as never;
  throw new Error('no such hook');
}
