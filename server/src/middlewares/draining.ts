import { isDraining } from '../utils/cluster';

/**
 * `global::draining`, first in the stack: once the instance has received SIGTERM/SIGINT
 * (utils/cluster.ts), `GET|HEAD /_health` answers 503 so the load balancer's health check takes the
 * instance out of the pool before it stops listening; every other request is served as usual.
 */
export default () => async (ctx: { path: string; status: number; body: unknown }, next: () => Promise<void>) => {
  if (isDraining() && ctx.path === '/_health') {
    ctx.status = 503;
    ctx.body = { data: null, error: { status: 503, name: 'ServiceUnavailableError', message: 'Instância em desligamento.', details: {} } };
    return;
  }
  await next();
};
