import type { Core } from '@strapi/strapi';
import type { sanitize, validate } from '@strapi/utils';
import { runSeed } from './seed';
import { subscribeWriteChecks, relationScopeValidator, registerCanonicalRelations } from './utils/relation-scope';
import { userExposureSanitizer } from './utils/user-exposure';
import { acceptsLists, registerFastOutputSanitizer } from './utils/output-sanitizer';
import { registerQuerySanitizeCache, registerQueryValidateCache } from './utils/query-cache';
import { registerAbilityCache } from './utils/ability-cache';
import { subscribeRolePermissionVersions } from './utils/role-permissions-cache';
import { registerUserFilterRules } from './utils/user-filters';
import { registerDeleteNotFound } from './utils/delete-not-found';
import { registerFileSweep } from './utils/file-sweep';
import { registerIdempotencySweep } from './middlewares/idempotency';
import { acquireBootLock, registerGracefulShutdown, releaseBootLock, reportFatalErrorsToPrimary, scheduledTasksHere } from './utils/cluster';
import { ensureSearchIndexes, registerFreeTextSearch } from './utils/search';
import { logClientAbortsQuietly } from './utils/client-aborts';
import { attachRouteGuards } from './utils/route-guards';
import { registerQueryWidth } from './utils/query-width';
import { registerRowLocks } from './utils/row-locks';
import { registerSemiJoins } from './utils/semi-joins';
import { registerEditVersion } from './utils/edit-version';
import { registerReadiness } from './utils/readiness';
import { registerHistory, withoutHistory } from './utils/history/record';
import { stopReaders } from './utils/sqlite-readers';

export default {
  /**
   * Every validated content-API write runs the relation-scope check (utils/relation-scope.ts);
   * every content-API answer shows users reached through relations only as the caller may see them
   * (utils/user-exposure.ts; the output sanitiser itself is a one-pass equivalent of Strapi's,
   * utils/output-sanitizer.ts) and lets filters and sorts on their hidden fields reach only the caller's
   * own people (utils/user-filters.ts); DELETE of an unknown record answers 404 (utils/delete-not-found.ts).
   * On PostgreSQL the boot lock is taken here and held to the end of bootstrap (utils/cluster.ts), so
   * instances starting together sync the schema and seed one at a time.
   */
  async register({ strapi }: { strapi: Core.Strapi }) {
    reportFatalErrorsToPrimary();
    await acquireBootLock(strapi);
    // guards that must see the route the router matched, not the path's spelling (utils/route-guards.ts)
    attachRouteGuards(strapi);
    // Strapi types both as lodash's CurriedFunction1 (callable with no argument), which a plain
    // `(schema) => async (data) => data` cannot satisfy: the casts are only about that.
    strapi.validators.add('content-api.input', relationScopeValidator(strapi) as unknown as validate.Validator);
    registerCanonicalRelations(strapi);
    registerEditVersion(strapi);
    // on PostgreSQL an update or delete locks its document's rows first (two writes of one document at once)
    registerRowLocks(strapi);
    // every write of a recorded content-type leaves its history entries in the write's transaction
    registerHistory(strapi);
    strapi.sanitizers.add('content-api.output', acceptsLists(userExposureSanitizer(strapi)) as unknown as sanitize.Sanitizer);
    registerDeleteNotFound(strapi);
    // the REST path's per-request work, cut down (docs/performance.md "The API's request path"): the query cache
    // wraps Strapi's query sanitiser first, so the user-filter rules below run on every request
    registerAbilityCache(strapi);
    registerQuerySanitizeCache(strapi);
    registerQueryValidateCache(strapi);
    registerUserFilterRules(strapi);
    registerFastOutputSanitizer(strapi);
    // measured before the search rewrite, on the query as the caller and its scope made it
    registerQueryWidth(strapi);
    registerFreeTextSearch(strapi);
    registerSemiJoins(strapi);
  },

  /**
   * Records uploaders, then runs the idempotent seed (src/seed) on every start, releases the boot lock;
   * schedules the unattached-files sweep (utils/file-sweep) and the expired idempotency keys' (middlewares/idempotency)
   * unless SCHEDULED_TASKS=off (`npm start` keeps them on one of its processes); answers readiness on /_ready
   * (utils/readiness); stops gracefully on SIGTERM (utils/cluster);
   * logs a client's closed connection at debug level, not as an error stack (utils/client-aborts).
   */
  async bootstrap({ strapi }: { strapi: Core.Strapi }) {
    logClientAbortsQuietly(strapi.server.app, strapi.log);
    subscribeWriteChecks(strapi);
    subscribeRolePermissionVersions(strapi);
    try {
      await ensureSearchIndexes(strapi);
      // the seed is the installation's first state, not a change: no history entries (utils/history/record.ts)
      await withoutHistory(() => runSeed(strapi));
    } finally {
      await releaseBootLock();
    }
    if (scheduledTasksHere()) {
      registerFileSweep(strapi);
      registerIdempotencySweep(strapi);
    }
    registerReadiness(strapi);
    registerGracefulShutdown(strapi);
  },

  /** Stops the SQLite reader threads (utils/sqlite-readers), so a stopped instance leaves no thread running. */
  async destroy() {
    await stopReaders();
  },
};
