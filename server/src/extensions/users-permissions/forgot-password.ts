import type { Core } from '@strapi/strapi';
import { errors } from '@strapi/utils';
import type { AppContext } from '../../utils/types';

type Action = (ctx: AppContext, ...rest: unknown[]) => unknown;
type Factory<T> = T | ((deps: { strapi: Core.Strapi }) => T);

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/**
 * `POST /auth/forgot-password {email}` answers `{ok: true}` before anything about the account is
 * looked at (issue 8 item 8): the lookup, the reset token and the e-mail run after the answer,
 * through the stock action (templates, `email_reset_password` link, outbox provider alike). So a
 * known and an unknown e-mail take the same time, and a failing mail server is logged instead of
 * answering 500 only for known addresses (an enumeration oracle). A missing or malformed e-mail is
 * still a 400 'Email inválido'.
 */
export function withBackgroundForgotPassword(factory: Factory<Record<string, Action>>) {
  return (deps: { strapi: Core.Strapi }) => {
    const controller = typeof factory === 'function' ? factory(deps) : factory;
    const { strapi } = deps;
    const stock = controller.forgotPassword;
    controller.forgotPassword = async (ctx: AppContext) => {
      const email: unknown = ctx.request.body?.email;
      if (typeof email !== 'string' || email.length > 254 || !EMAIL.test(email.trim())) {
        throw new errors.ValidationError('Email inválido', { errors: [{ path: ['email'], message: 'Email inválido' }] });
      }
      const detached = {
        request: { body: { email: email.trim() } },
        state: { auth: ctx.state?.auth },
        send() {},
      };
      setImmediate(() => {
        // a stand-in context: the stock action reads only request.body, state.auth and send()
        Promise.resolve(stock.call(controller, detached as unknown as AppContext)).catch((error: unknown) => {
          strapi.log.error(`forgot-password: the reset e-mail could not be prepared or sent: ${(error as Error)?.message ?? error}`);
        });
      });
      ctx.body = { ok: true };
    };
    return controller;
  };
}
