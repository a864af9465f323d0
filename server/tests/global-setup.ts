import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import type { TestProject } from 'vitest/node';

/**
 * Boots one Strapi for the whole run: compiled from this app, on a fresh temporary
 * SQLite file (or the PostgreSQL database named by DATABASE_* when
 * DATABASE_CLIENT=postgres), listening on a random loopback port. The seed runs at
 * bootstrap, so tests start from the demo data. `inject('apiUrl')` gives the base URL.
 */
export default async function setup(project: TestProject) {
  const tmp = mkdtempSync(path.join(tmpdir(), 'balcao-api-'));
  const secret = () => randomBytes(16).toString('hex');
  Object.assign(process.env, {
    NODE_ENV: 'test',
    HOST: '127.0.0.1',
    PORT: '0',
    APP_KEYS: [secret(), secret()].join(','),
    API_TOKEN_SALT: secret(),
    ADMIN_JWT_SECRET: secret(),
    TRANSFER_TOKEN_SALT: secret(),
    JWT_SECRET: secret(),
    ENCRYPTION_KEY: secret(),
    FILE_SIGNING_SECRET: process.env.FILE_SIGNING_SECRET ?? secret(),
    AUTH_RATELIMIT: process.env.AUTH_RATELIMIT ?? 'false',
    // development origins are allowed only when configured (the default allows none)
    CORS_ORIGINS: 'http://localhost:5173',
    PUBLIC_DIR: path.join(tmp, 'public'),
    EMAIL_OUTBOX_DIR: path.join(tmp, 'email-outbox'),
    // the seeded state the second Strapi instances of this run start from (helpers/second-strapi.ts)
    SECOND_STRAPI_TEMPLATE: path.join(tmp, 'second-strapi-template'),
    LOG_LEVEL: process.env.LOG_LEVEL ?? 'error',
    STRAPI_TELEMETRY_DISABLED: 'true',
    STRAPI_DISABLE_UPDATE_NOTIFICATION: 'true',
    BROWSER: 'none',
    // the unattached-files sweep runs every 3 s in tests (files still need to be a day old to go)
    UNATTACHED_FILE_SWEEP_RULE: process.env.UNATTACHED_FILE_SWEEP_RULE ?? '*/3 * * * * *',
    // exports read 7 rows at a time in tests, so every export spans several batches (utils/export/send.ts)
    EXPORT_BATCH_ROWS: process.env.EXPORT_BATCH_ROWS ?? '7',
  });
  mkdirSync(path.join(tmp, 'public', 'uploads'), { recursive: true });
  if (process.env.DATABASE_CLIENT !== 'postgres') process.env.DATABASE_FILENAME = path.join(tmp, 'test.db');

  // Strapi's ESM build imports 'lodash/fp' as a directory, which Node's ESM loader refuses: load the CJS build.
  const { createStrapi, compileStrapi } = createRequire(import.meta.url)('@strapi/strapi');
  const appDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
  const ctx = await compileStrapi({ appDir, ignoreDiagnostics: true });
  const strapi = await createStrapi({ ...ctx, autoReload: false, serveAdminPanel: false } as never).load();
  await new Promise<void>((resolve) => strapi.server.listen(0, '127.0.0.1', () => resolve()));
  const address = strapi.server.httpServer.address() as { port: number };
  project.provide('apiUrl', `http://127.0.0.1:${address.port}/api`);
  project.provide('originUrl', `http://127.0.0.1:${address.port}`);
  project.provide('emailOutbox', process.env.EMAIL_OUTBOX_DIR as string);
  project.provide('publicDir', process.env.PUBLIC_DIR as string);
  project.provide('contentApi', describeContentApi(strapi));
  project.provide('dbModel', describeDatabase(strapi));
  project.provide('database', {
    client: process.env.DATABASE_CLIENT === 'postgres' ? 'postgres' : 'sqlite',
    filename: process.env.DATABASE_FILENAME ?? '',
    host: process.env.DATABASE_HOST ?? '',
    port: Number(process.env.DATABASE_PORT ?? 0),
    database: process.env.DATABASE_NAME ?? '',
    user: process.env.DATABASE_USERNAME ?? '',
    password: process.env.DATABASE_PASSWORD ?? '',
  });

  return async () => {
    await strapi.destroy();
    rmSync(tmp, { recursive: true, force: true });
  };
}

/** One content-API route as registered by Strapi: method, full path (with /api), handler scope, target content-type. */
export interface ApiRoute {
  method: string;
  path: string;
  handler: string;
  /** uid of the content-type the handler's controller belongs to, when it has one. */
  uid: string | null;
  /** true when the route needs no login (config.auth === false). */
  public: boolean;
}
/** A content-type as the fuzzers need it: uid, plural name and attributes (type, relation, target, enum, ...). */
export interface ApiContentType {
  uid: string;
  pluralName: string;
  attributes: Record<string, { type: string; relation?: string; target?: string; enum?: string[]; private?: boolean; [k: string]: unknown }>;
}

/**
 * The route table and the content-type schemas read from the running Strapi (a new content-type or route is covered without anyone writing a test).
 */
function describeContentApi(strapi: any): { routes: ApiRoute[]; contentTypes: ApiContentType[] } {
  const routes: ApiRoute[] = [];
  const prefix = strapi.config.get('api.rest.prefix', '/api');
  const add = (router: any, base: string) => {
    if (router?.type !== 'content-api') return;
    for (const r of router.routes ?? []) {
      const own = r.config && Object.prototype.hasOwnProperty.call(r.config, 'prefix') ? r.config.prefix : (router.prefix ?? base);
      const handler: string = r.config?.auth?.scope?.[0] ?? String(r.handler);
      const uid = handler.split('.').slice(0, -1).join('.');
      routes.push({
        method: r.method,
        path: `${prefix}${own}${r.path}`,
        handler,
        uid: strapi.contentTypes[uid] ? uid : null,
        public: r.config?.auth === false,
      });
    }
  };
  for (const api of Object.values<any>(strapi.apis)) for (const router of Object.values<any>(api.routes ?? {})) add(router, '');
  for (const [name, plugin] of Object.entries<any>(strapi.plugins)) {
    if (!Array.isArray(plugin.routes)) for (const router of Object.values<any>(plugin.routes ?? {})) add(router, `/${name}`);
  }
  const contentTypes: ApiContentType[] = Object.values<any>(strapi.contentTypes)
    .filter((ct) => /^(api|plugin::users-permissions|plugin::upload)/.test(ct.uid))
    .map((ct) => ({ uid: ct.uid, pluralName: ct.info?.pluralName, attributes: JSON.parse(JSON.stringify(ct.attributes)) }));
  return { routes, contentTypes };
}

/** Where one content-type's rows live: its table and the column of each scalar attribute. */
export interface DbEntity {
  uid: string;
  table: string;
  /** attribute name → column name, for the attributes stored in the table itself. */
  columns: Record<string, string>;
}
/** A relation's link table, seen from the side that owns it (the one without mappedBy). */
export interface DbLink {
  table: string;
  ownerUid: string;
  attribute: string;
  /** Strapi's relation kind as the owner declares it (oneToOne, manyToOne, ...). */
  relation: string;
  ownerColumn: string;
  targetUid: string;
  targetColumn: string;
}
/** A polymorphic link table (the upload plugin's files_related_mph: a file attached to a record's media field). */
export interface DbMorph {
  table: string;
  fileColumn: string;
  idColumn: string;
  typeColumn: string;
}
/** The database layout the fuzzer's oracles read rows through (Strapi's metadata: no naming rule is guessed). */
export interface DbModel {
  entities: DbEntity[];
  links: DbLink[];
  morphs: DbMorph[];
}

/** Tables, columns and link tables of every content-type, from `strapi.db.metadata`. */
function describeDatabase(strapi: any): DbModel {
  const model: DbModel = { entities: [], links: [], morphs: [] };
  for (const [uid, meta] of strapi.db.metadata as Map<string, any>) {
    // the metadata also lists every link table under its table name: those are not content-types
    if (!uid.includes('::')) continue;
    const columns: Record<string, string> = {};
    for (const [name, a] of Object.entries<any>(meta.attributes)) {
      if (a.columnName) columns[name] = a.columnName;
      const jt = a.joinTable;
      if (!jt || a.mappedBy) continue;
      if (jt.morphColumn) {
        if (!model.morphs.some((m) => m.table === jt.name))
          model.morphs.push({
            table: jt.name,
            fileColumn: jt.joinColumn.name,
            idColumn: jt.morphColumn.idColumn.name,
            typeColumn: jt.morphColumn.typeColumn.name,
          });
      } else if (a.target) {
        model.links.push({
          table: jt.name,
          ownerUid: uid,
          attribute: name,
          relation: a.relation,
          ownerColumn: jt.joinColumn.name,
          targetUid: a.target,
          targetColumn: jt.inverseJoinColumn.name,
        });
      }
    }
    model.entities.push({ uid, table: meta.tableName, columns });
  }
  return model;
}

declare module 'vitest' {
  export interface ProvidedContext {
    apiUrl: string;
    originUrl: string;
    emailOutbox: string;
    publicDir: string;
    contentApi: { routes: ApiRoute[]; contentTypes: ApiContentType[] };
    dbModel: DbModel;
    /** Where the test database is, for the few tests that must change a row the API cannot (e.g. backdate a file). */
    database: { client: 'sqlite' | 'postgres'; filename: string; host: string; port: number; database: string; user: string; password: string };
  }
}
