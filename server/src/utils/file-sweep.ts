/**
 * Sweep of uploaded files that were never attached (docs/decisions.md "Unattached
 * uploads are swept"). A file uploaded through POST /api/upload and not attached to any record within
 * UNATTACHED_FILE_TTL_HOURS (default 24 h) is deleted — its stored bytes and its row — by a Strapi
 * cron task that runs every hour at minute 17 (UNATTACHED_FILE_SWEEP_RULE overrides the rule).
 *
 * "Attached" means referenced from anywhere: a media attribute of any content-type (the upload
 * plugin's morph table, `files_related_mph`, whatever record or field) or a plain relation
 * attribute of any content-type whose target is plugin::upload.file (the upload plugin's own folder
 * relation does not count). The check is derived from
 * the schemas at run time, so a new media field is honoured without touching this file, and it is
 * made again for each file right before it is deleted.
 *
 * Safe with several instances: each deletion is idempotent (an already deleted row or missing
 * file is skipped), a file attached meanwhile is kept, and errors on one file never stop the run.
 */
import type { Core, UID } from '@strapi/strapi';
import type { JoinTable } from '@strapi/database';
import type { Knex } from 'knex';
import type { SchemaView } from './types';

const FILE = 'plugin::upload.file';

/** The join table of the file's `related` morph relation (the upload plugin's, always a join table). */
const morphTable = (strapi: Core.Strapi) => (strapi.db.metadata.get(FILE).attributes.related as { joinTable: JoinTable }).joinTable;
/** Cron rule of the sweep (UNATTACHED_FILE_SWEEP_RULE, 6-field croner syntax; default: every hour at minute 17). */
export const sweepRule = () => process.env.UNATTACHED_FILE_SWEEP_RULE || '0 17 * * * *';
const BATCH = 200;

/** The TTL in ms from UNATTACHED_FILE_TTL_HOURS (hours, default 24, at least 1). */
export function unattachedTtlMs(): number {
  const hours = Number(process.env.UNATTACHED_FILE_TTL_HOURS);
  return (Number.isFinite(hours) && hours >= 1 ? hours : 24) * 3600_000;
}

/** [uid, attribute] of every plain relation attribute that targets plugin::upload.file. */
function fileRelations(strapi: Core.Strapi): Array<[UID.Schema, string]> {
  const out: Array<[UID.Schema, string]> = [];
  for (const [uid, ct] of Object.entries<SchemaView>({ ...strapi.contentTypes, ...strapi.components })) {
    for (const [name, attr] of Object.entries(ct.attributes ?? {})) {
      // the upload plugin's own relations (a file's folder — content-API uploads land in "API Uploads" —
      // and its localizations) are not attachments
      if (attr.type === 'relation' && attr.target === FILE && !uid.startsWith('plugin::upload.')) out.push([uid as UID.Schema, name]);
    }
  }
  return out;
}

/** True when file `id` is attached anywhere (morph table of media fields, or a relation to it). */
export async function isAttached(strapi: Core.Strapi, id: number): Promise<boolean> {
  const join = morphTable(strapi);
  const morph = await strapi.db.connection(join.name).where(join.joinColumn.name, id).first(join.joinColumn.name);
  if (morph) return true;
  for (const [uid, name] of fileRelations(strapi)) {
    if ((await strapi.db.query(uid).count({ where: { [name]: { id } } })) > 0) return true;
  }
  return false;
}

/**
 * Deletes files created before `now - ttl` that are attached nowhere; returns how many it deleted.
 * Candidates come from one query (files with no morph row, oldest first, BATCH at a time).
 */
export async function sweepUnattachedFiles(strapi: Core.Strapi, { now = Date.now(), ttlMs = unattachedTtlMs() } = {}): Promise<number> {
  const meta = strapi.db.metadata.get(FILE);
  const join = morphTable(strapi);
  const createdAt = (meta.attributes.createdAt as { columnName?: string }).columnName ?? 'created_at';
  const cutoff = new Date(now - ttlMs);
  let deleted = 0;
  let afterId = 0;
  for (;;) {
    const rows: Array<{ id: number }> = await strapi.db
      .connection(meta.tableName)
      .select(`${meta.tableName}.id`)
      .where(createdAt, '<', cutoff)
      .andWhere(`${meta.tableName}.id`, '>', afterId)
      .whereNotExists((qb: Knex.QueryBuilder) => {
        qb.select(join.joinColumn.name)
          .from(join.name)
          .whereRaw('?? = ??', [`${join.name}.${join.joinColumn.name}`, `${meta.tableName}.id`]);
      })
      .orderBy(`${meta.tableName}.id`)
      .limit(BATCH);
    for (const { id } of rows) {
      try {
        if (await isAttached(strapi, id)) continue;
        const file = await strapi.db.query(FILE).findOne({ where: { id } });
        if (!file) continue; // another instance got there first
        await strapi.plugin('upload').service('upload').remove(file);
        deleted++;
      } catch (err) {
        strapi.log.warn(`[file-sweep] file ${id} not removed: ${(err as Error).message}`);
      }
    }
    if (rows.length < BATCH) break;
    afterId = rows[rows.length - 1].id;
  }
  if (deleted) strapi.log.info(`[file-sweep] removed ${deleted} unattached file(s) older than ${Math.round(ttlMs / 3600_000)} h`);
  return deleted;
}

/** Registers the hourly cron task (called from bootstrap). */
export function registerFileSweep(strapi: Core.Strapi): void {
  strapi.cron.add({
    unattachedFileSweep: { task: ({ strapi: s }: { strapi: Core.Strapi }) => sweepUnattachedFiles(s), options: { rule: sweepRule() } },
  });
}
