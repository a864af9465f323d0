/**
 * Plugins.
 * - users-permissions: `legacy-support` keeps the `{jwt}` login answer the PWA
 *   stores (spec 000 §3 "Login response: jwt"); the token lives JWT_EXPIRES_IN
 *   (default 7 days, see docs/decisions.md); every JWT carries the user's token version
 *   (src/extensions/users-permissions/sessions.ts). The /auth/* rate limit stays on, per
 *   address + identifier, identifier and address (rate-limit.ts); only the test harness may
 *   switch it off (AUTH_RATELIMIT=false).
 * - email: nodemailer's jsonTransport when SMTP_HOST is unset, so
 *   forgot-password works offline; the message (with the reset link) is logged.
 * - upload: 15 MB ceiling; types are checked by content in the upload-guard middleware. Files stay on
 *   the local disk unless UPLOAD_PROVIDER=s3 selects @strapi/provider-upload-aws-s3 on a private bucket
 *   (src/utils/object-storage.ts, docs/deploy.md).
 */
import { uploadProviderConfig } from '../src/utils/object-storage';

export default ({ env }) => ({
  'users-permissions': {
    config: {
      jwtManagement: 'legacy-support',
      jwtSecret: env('JWT_SECRET'),
      jwt: { expiresIn: env('JWT_EXPIRES_IN', '7d') },
      ratelimit: env.bool('AUTH_RATELIMIT', true)
        ? {
            interval: 60000,
            max: env.int('AUTH_RATELIMIT_MAX', 10),
            identifierMax: env.int('AUTH_RATELIMIT_IDENTIFIER_MAX', 30),
            addressMax: env.int('AUTH_RATELIMIT_ADDRESS_MAX', 100),
          }
        : { enabled: false },
      register: { allowedFields: [] },
    },
  },
  email: {
    config: {
      provider: 'nodemailer',
      providerOptions: env('SMTP_HOST')
        ? {
            host: env('SMTP_HOST'),
            port: env.int('SMTP_PORT', 587),
            auth: env('SMTP_USERNAME') ? { user: env('SMTP_USERNAME'), pass: env('SMTP_PASSWORD') } : undefined,
          }
        : { jsonTransport: true },
      settings: {
        defaultFrom: env('EMAIL_FROM', 'Balcão <nao-responda@balcao.local>'),
        defaultReplyTo: env('EMAIL_REPLY_TO', 'nao-responda@balcao.local'),
      },
    },
  },
  upload: {
    config: {
      ...uploadProviderConfig(env),
      sizeLimit: 15 * 1024 * 1024,
      breakpoints: {},
      // Strapi's own content-type detection as a second line behind global::upload-guard.
      security: {
        allowedTypes: ['application/pdf', 'image/png', 'image/jpeg', 'image/webp', 'image/heic', 'image/heif', 'image/avif'],
      },
    },
  },
});
