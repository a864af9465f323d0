import type { Core } from '@strapi/strapi';

/**
 * Upload plugin extension: the file content-type gets `uploaded_by`, the id of the
 * users-permissions user who uploaded it through the content API (content-API uploads have no
 * `createdBy`, which is an admin-panel user). Set by a DB lifecycle (utils/relation-scope.ts
 * `recordUploader`), read when a file is attached to a record: only its uploader (or an
 * administrator) may attach it (issue 8 item 2; docs/decisions.md "Security: files and relations").
 * A plain private integer, not a relation: never output, never populated, never filterable.
 */
export default (plugin: Core.Plugin) => {
  // a new attribute: not in the file schema's type (generated or not)
  const attributes = plugin.contentTypes.file.schema.attributes as Record<string, unknown>;
  attributes.uploaded_by = { type: 'integer', private: true, configurable: false };
  return plugin;
};
