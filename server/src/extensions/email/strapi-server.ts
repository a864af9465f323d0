import { mkdirSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Core } from '@strapi/strapi';

/**
 * Offline e-mail (docs/decisions.md "E-mail without SMTP"): a provider that works without SMTP, so
 * the reset link is logged and testable. When SMTP_HOST is unset, every message is logged (subject, recipient,
 * links found in it) and written as JSON to EMAIL_OUTBOX_DIR (default server/.tmp/email-outbox),
 * one file per message: {to, from, subject, text, html, links, sentAt}. A message appears whole: it is
 * written under a temporary name and renamed, so a reader of the folder never sees half a file.
 */
/** What the outbox reads of a message the email plugin sends. */
type Message = { to?: unknown; subject?: unknown; text?: unknown; html?: unknown; [key: string]: unknown };

export default (plugin: Core.Plugin) => {
  const bootstrap = plugin.bootstrap;
  plugin.bootstrap = async (ctx: { strapi: Core.Strapi }) => {
    await bootstrap?.(ctx);
    if (process.env.SMTP_HOST) return;
    const { strapi } = ctx;
    const dir = path.resolve(process.cwd(), process.env.EMAIL_OUTBOX_DIR || '.tmp/email-outbox');
    strapi.plugin('email').provider = {
      async send(options: Message) {
        const body = `${options.text ?? ''}\n${options.html ?? ''}`;
        const links = [...new Set(body.match(/https?:\/\/[^\s"'<>]+/g) ?? [])];
        const message = { ...options, links, sentAt: new Date().toISOString() };
        mkdirSync(dir, { recursive: true });
        const file = path.join(dir, `${Date.now()}-${Math.random().toString(36).slice(2, 8)}.json`);
        writeFileSync(`${file}.partial`, JSON.stringify(message, null, 2));
        renameSync(`${file}.partial`, file);
        strapi.log.info(`[email-outbox] to=${options.to} subject="${options.subject}" links=${links.join(' ')} file=${file}`);
      },
    };
  };
  return plugin;
};
