import { verifySignedPath } from '../utils/signed-url';

/**
 * `global::signed-files`, placed before `strapi::public`: every GET/HEAD under /uploads/ needs a
 * valid, unexpired `?expires=&signature=` pair (utils/signed-url.ts). Missing or tampered → 403,
 * expired → 410 Gone (docs/decisions.md). Files are also served with `Cache-Control: private`.
 */
export default () => async (ctx: any, next: () => Promise<void>) => {
  // spec 001 §8 "Files": an anonymous signed-URL request is a 401, not the stock 403.
  if (ctx.path === '/api/document-types/get-signed-url' && !ctx.get('Authorization')) {
    ctx.status = 401;
    ctx.body = { data: null, error: { status: 401, name: 'UnauthorizedError', message: 'Não autenticado: Faça login para acessar este arquivo', details: {} } };
    return;
  }
  if (!ctx.path.startsWith('/uploads/') && ctx.path !== '/uploads') return next();
  let decodedPath: string;
  try {
    decodedPath = decodeURIComponent(ctx.path);
  } catch {
    decodedPath = ctx.path;
  }
  const { expires, signature } = ctx.query ?? {};
  const verdict = [ctx.path, decodedPath].map((p) => verifySignedPath(p, expires, signature)).find((v) => v === 'ok') ?? verifySignedPath(ctx.path, expires, signature);
  if (verdict !== 'ok') {
    ctx.status = verdict === 'expired' ? 410 : 403;
    ctx.body = {
      data: null,
      error: {
        status: ctx.status,
        name: verdict === 'expired' ? 'GoneError' : 'ForbiddenError',
        message: verdict === 'expired' ? 'Link expirado: gere uma nova URL assinada para acessar este arquivo' : 'Acesso negado: Você não tem permissão para acessar este arquivo',
        details: {},
      },
    };
    return;
  }
  await next();
  ctx.set('Cache-Control', 'private, max-age=60');
};
