import { AsyncResource } from 'node:async_hooks';
import { randomBytes } from 'node:crypto';
import type { Core } from '@strapi/strapi';
import { errors } from '@strapi/utils';
import type { AppContext } from '../../utils/types';

type Action = (ctx: AppContext, ...rest: unknown[]) => unknown;
type Factory<T> = T | ((deps: { strapi: Core.Strapi }) => T);

const USER = 'plugin::users-permissions.user';
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** The reset e-mail's settings as users-permissions stores them (`email.reset_password.options`). */
interface ResetOptions {
  message?: string;
  object?: string;
  from?: { name?: string; email?: string };
  response_email?: string;
}

/** What the template of an unknown (or blocked) address is rendered with: a user row's public fields. */
const NOBODY = { id: 0, documentId: '', username: '', email: '', provider: 'local', confirmed: false, blocked: false };

/** Strapi's key-value store row written instead of an account's when there is none (storeToken). */
const DECOY = { type: 'plugin', name: 'balcao', key: 'forgot-password-decoy' };
const DECOY_KEY = `${DECOY.type}_${DECOY.name}_${DECOY.key}`;

/**
 * Stores `token` as the account's `resetPasswordToken`, or, with no account (`userId` null), in a
 * row of Strapi's core store kept for this: either way one `UPDATE` that changes one small row, so
 * both cost a real write and its commit (SQLite skips a write that changes nothing, and an `UPDATE`
 * that matches no row writes nothing in either database). The store row is created the first time.
 */
async function storeToken(strapi: Core.Strapi, userId: number | null, token: string): Promise<void> {
  if (userId !== null) {
    await strapi.db.query(USER).updateMany({ where: { id: userId }, data: { resetPasswordToken: token } });
    return;
  }
  const { count } = await strapi.db.query('strapi::core-store').updateMany({ where: { key: DECOY_KEY }, data: { value: JSON.stringify(token) } });
  if (!count) await strapi.store(DECOY).set({ value: token });
}

/**
 * `POST /auth/forgot-password {email}` → `{ok: true}`, doing the same work for a known address and
 * for an unknown or blocked one, so neither the answer nor its time tells whether an account
 * exists: the settings and the account are read, a reset token is drawn, the message is rendered
 * (with a stand-in user when there is no account) and the token is written (storeToken: to the
 * account, or to a row kept for this, so that both are a real write). Only the send differs: it
 * starts once the answer is out, for a real account only, and a failing mail server is logged
 * instead of answering 500 (which would tell known addresses apart). The message is the stock one
 * (the admin's template, the `email_reset_password` link, `USER`, `TOKEN`, `URL`, `SERVER_URL`,
 * `ADMIN_URL`). A missing or malformed e-mail is a 400 'Email inválido'. docs/decisions.md
 * "Security" (forgot-password).
 */
export function withUniformForgotPassword(factory: Factory<Record<string, Action>>) {
  return (deps: { strapi: Core.Strapi }) => {
    const controller = typeof factory === 'function' ? factory(deps) : factory;
    const { strapi } = deps;
    controller.forgotPassword = async (ctx: AppContext) => {
      const input: unknown = ctx.request.body?.email;
      if (typeof input !== 'string' || input.length > 254 || !EMAIL.test(input.trim())) {
        throw new errors.ValidationError('Email inválido', { errors: [{ path: ['email'], message: 'Email inválido' }] });
      }
      const email = input.trim().toLowerCase();
      const store = strapi.store({ type: 'plugin', name: 'users-permissions' });
      const emailSettings = (await store.get({ key: 'email' })) as { reset_password?: { options?: ResetOptions } } | null;
      const advanced = (await store.get({ key: 'advanced' })) as { email_reset_password?: string } | null;
      const found = (await strapi.db.query(USER).findOne({ where: { email } })) as { id: number; email: string; blocked?: boolean } | null;
      const user = found && !found.blocked ? found : null;

      const resetPasswordToken = randomBytes(64).toString('hex');
      const options = emailSettings?.reset_password?.options ?? {};
      const userInfo = await strapi.contentAPI.sanitize.output(user ?? { ...NOBODY, email }, strapi.getModel(USER), { auth: ctx.state.auth });
      const templates = strapi.plugin('users-permissions').service('users-permissions') as { template(layout: unknown, data: unknown): string };
      const body = templates.template(options.message, {
        URL: advanced?.email_reset_password,
        SERVER_URL: strapi.config.get('server.absoluteUrl'),
        ADMIN_URL: strapi.config.get('admin.absoluteUrl'),
        USER: userInfo,
        TOKEN: resetPasswordToken,
      });
      const subject = templates.template(options.object, { USER: userInfo });
      // stored before the send, as the stock action does (an administrator can still hand out the
      // link if the mail fails)
      await storeToken(strapi, user?.id ?? null, resetPasswordToken);
      ctx.body = { ok: true };
      if (!user) return;

      const message = {
        to: user.email,
        from: options.from?.email || options.from?.name ? `${options.from.name} <${options.from.email}>` : undefined,
        replyTo: options.response_email,
        subject,
        text: body,
        html: body,
      };
      // once the answer is out ('close': sent, or the client went away — the e-mail goes either way);
      // bound to this request's async context, so what the send logs carries its request id (config/logger.ts)
      ctx.res.once(
        'close',
        AsyncResource.bind(() => {
          const mailer = strapi.plugin('email').service('email') as { send(message: unknown): Promise<unknown> };
          void mailer.send(message).catch((error: unknown) => {
            strapi.log.error(`forgot-password: the reset e-mail could not be sent: ${(error as Error)?.message ?? String(error)}`);
          });
        }),
      );
    };
    return controller;
  };
}
