import { randomBytes } from 'node:crypto';
import type { Core, UID } from '@strapi/strapi';
import type { JoinTable } from '@strapi/database';
import type { Knex } from 'knex';

/** What is read of an attribute of Strapi's database metadata (columns, join tables, defaults). */
interface MetaAttribute {
  type: string;
  columnName?: string;
  mappedBy?: string;
  default?: unknown;
  joinTable?: JoinTable & { orderColumnName?: string; inverseOrderColumnName?: string };
}

/**
 * Fast bulk inserts for seeds (demo and seed:large): rows are written with knex in batches,
 * with ids assigned here so relation link rows (Strapi 5 join tables `<table>_<attr>_lnk`)
 * can be written in the same pass. Column and join-table names come from Strapi's own
 * database metadata, so this follows the schemas. Lifecycles and validation are skipped on
 * purpose: callers pass data that already satisfies the business rules.
 *
 * Row shape: attribute names as in schema.json; relation attributes hold the target's numeric
 * id (or null). Returns the assigned ids, in order.
 */
export class BulkWriter {
  private next = new Map<string, number>();
  private ordCounter = 0;

  constructor(
    private strapi: Core.Strapi,
    private knex: Knex = strapi.db.connection,
  ) {}

  private async nextId(table: string): Promise<number> {
    if (!this.next.has(table)) {
      const row = await this.knex(table).max({ m: 'id' }).first();
      this.next.set(table, Number(row?.m ?? 0) + 1);
    }
    return this.next.get(table)!;
  }

  /** Inserts `rows` of `uid` (scalars + owning-side xToOne relations) and returns their ids. */
  async insert(uid: UID.Schema, rows: Array<Record<string, unknown>>, batch = 200): Promise<number[]> {
    if (!rows.length) return [];
    const meta = this.strapi.db.metadata.get(uid);
    const table = meta.tableName;
    let id = await this.nextId(table);
    const now = new Date();
    const scalars: Record<string, unknown>[] = [];
    const links = new Map<string, Record<string, unknown>[]>();
    const ids: number[] = [];
    for (const row of rows) {
      const out: Record<string, unknown> = { id };
      for (const [name, attr] of Object.entries(meta.attributes as Record<string, MetaAttribute>)) {
        if (name === 'id') continue;
        if (attr.type === 'relation') {
          const value = row[name];
          if (value == null || !attr.joinTable || attr.mappedBy) continue;
          const jt = attr.joinTable;
          const link: Record<string, unknown> = { [jt.joinColumn.name]: id, [jt.inverseJoinColumn.name]: value };
          if (jt.orderColumnName) link[jt.orderColumnName] = 1;
          if (jt.inverseOrderColumnName) link[jt.inverseOrderColumnName] = ++this.ordCounter;
          if (!links.has(jt.name)) links.set(jt.name, []);
          links.get(jt.name)!.push(link);
          continue;
        }
        if (!attr.columnName && attr.type !== 'string') continue;
        let value = row[name];
        if (name === 'documentId' && value == null) value = randomBytes(12).toString('hex').slice(0, 24);
        if ((name === 'createdAt' || name === 'updatedAt' || name === 'publishedAt') && value == null) value = row.createdAt ?? now;
        if (value === undefined && attr.default !== undefined && typeof attr.default !== 'function') value = attr.default;
        if (value === undefined) continue;
        if ((attr.type === 'datetime' || attr.type === 'timestamp') && value != null && !(value instanceof Date)) value = new Date(value as string | number);
        if (attr.type === 'json' && value != null) value = JSON.stringify(value);
        out[attr.columnName ?? name] = value;
      }
      scalars.push(out);
      ids.push(id);
      id += 1;
    }
    this.next.set(table, id);
    for (let i = 0; i < scalars.length; i += batch) await this.knex(table).insert(scalars.slice(i, i + batch));
    for (const [jt, list] of links) {
      for (let i = 0; i < list.length; i += batch * 2) await this.knex(jt).insert(list.slice(i, i + batch * 2));
    }
    return ids;
  }

  /** On PostgreSQL, moves each touched table's id sequence past the ids written here. */
  async fixSequences(): Promise<void> {
    if (this.strapi.db.dialect.client !== 'postgres') return;
    for (const table of this.next.keys()) {
      await this.knex.raw(`SELECT setval(pg_get_serial_sequence(?, 'id'), (SELECT COALESCE(MAX(id), 1) FROM ??))`, [table, table]);
    }
  }
}
