/**
 * Preloaded into bench/server.js by bench/sql-trace.js: writes every SQL statement knex sends to
 * stderr as one line `SQL\t<statement>` (newlines folded). Does nothing without SQL_TRACE.
 */
if (process.env.SQL_TRACE) {
  const attach = () => {
    const knex = global.strapi?.db?.connection;
    if (!knex || typeof knex.on !== 'function') return false;
    knex.on('query', (q) => process.stderr.write(`SQL\t${String(q.sql).replace(/\s+/g, ' ')}\n`));
    return true;
  };
  const timer = setInterval(() => attach() && clearInterval(timer), 20);
  timer.unref();
}
