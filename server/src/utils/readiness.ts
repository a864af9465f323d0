import type { Core } from '@strapi/strapi';
import { isDraining } from './cluster';
import type { AppContext } from './types';

/**
 * Liveness and readiness (docs/deploy.md "Health and readiness").
 *
 * - `GET /_health` is liveness: Strapi's own route, 204 whenever the process answers HTTP. It reads
 *   no database, so a database outage never makes a supervisor restart healthy processes.
 * - `GET /_ready` is readiness, what the load balancer checks (deploy/haproxy.cfg): 200 while this
 *   instance can serve, 503 from its stop signal on (it drains, utils/cluster.ts) and while the
 *   database does not answer `select 1` within READY_DB_TIMEOUT_MS (default 1000 ms).
 *
 * One `select 1` at a time: checks that arrive while one is running wait for it (or for their own
 * timeout) instead of stacking up connection attempts behind an unreachable database.
 */
export function registerReadiness(strapi: Core.Strapi): void {
  const timeoutMs = Number(process.env.READY_DB_TIMEOUT_MS) || 1000;
  let running: Promise<boolean> | null = null;
  const ping = (): Promise<boolean> => {
    running ??= strapi.db.connection
      .raw('select 1')
      .then(
        () => true,
        () => false,
      )
      .finally(() => {
        running = null;
      });
    return running;
  };
  const databaseAnswers = async (): Promise<boolean> => {
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<false>((resolve) => {
      timer = setTimeout(() => resolve(false), timeoutMs);
    });
    try {
      return await Promise.race([ping(), late]);
    } finally {
      clearTimeout(timer);
    }
  };

  strapi.server.router.get('/_ready', async (ctx: AppContext) => {
    ctx.set('Cache-Control', 'no-store');
    const refusal = isDraining() ? 'Instância em desligamento.' : (await databaseAnswers()) ? null : 'Banco de dados indisponível.';
    if (refusal === null) {
      ctx.status = 200;
      ctx.body = { status: 'ready' };
      return;
    }
    ctx.status = 503;
    ctx.body = { data: null, error: { status: 503, name: 'ServiceUnavailableError', message: refusal, details: {} } };
  });
}
