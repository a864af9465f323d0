import type { Core } from '@strapi/strapi';
import { prependMiddlewares } from '../../utils/route-guards';

/**
 * Upload plugin extension: the file content-type gets `uploaded_by`, the id of the
 * users-permissions user who uploaded it through the content API (content-API uploads have no
 * `createdBy`, which is an admin-panel user). Set by a DB lifecycle (utils/relation-scope.ts
 * `recordUploader`), read when a file is attached to a record: only its uploader (or an
 * administrator) may attach it (docs/decisions.md "Files are attached once, by their uploader").
 * A plain private integer, not a relation: never output, never populated, never filterable.
 *
 * The content-API upload route (`POST /api/upload`, in any spelling the router matches) runs
 * `global::upload-guard` (file types, sizes and count; replacing or linking is for administrators)
 * and then `global::idempotency` (an `Idempotency-Key` replays the first answer).
 */
export default (plugin: Core.Plugin) => {
  // a new attribute: not in the file schema's type (generated or not)
  const attributes = plugin.contentTypes.file.schema.attributes as Record<string, unknown>;
  attributes.uploaded_by = { type: 'integer', private: true, configurable: false };
  const contentApi = (plugin.routes as unknown as Record<string, { routes: { method: string; path: string; handler: unknown }[] }>)['content-api'];
  const upload = contentApi.routes.find((route) => route.method === 'POST' && route.path === '/');
  if (!upload) throw new Error('upload plugin: the content-API POST / route is gone; the upload guard has nothing to attach to');
  prependMiddlewares(upload, ['global::upload-guard', 'global::idempotency']);
  return plugin;
};
