#!/usr/bin/env node
/**
 * npm run seed:large — fills the configured database with 100,000 sales orders (one line each)
 * and 200,000 receivables for benchmarks.
 *
 * Database: the usual DATABASE_* variables; with SQLite the default file is
 * server/.tmp/large.db (not the dev database), which `npm run bench:api` reuses.
 * ORDERS / RECEIVABLES_PER_ORDER override the sizes. Strapi is loaded (so the schema, the
 * access seed and the demo seed exist), then rows go in through knex in batches of 5,000
 * orders per transaction with Strapi's own table/link metadata (src/seed/demo/bulk.ts).
 * Prints the duration. Safe to re-run: it adds rows only up to the target count.
 */
const path = require('node:path');
const appDir = path.resolve(__dirname, '..');
process.chdir(appDir);
if (!process.env.DATABASE_CLIENT || process.env.DATABASE_CLIENT === 'sqlite') {
  process.env.DATABASE_FILENAME = process.env.DATABASE_FILENAME || '.tmp/large.db';
}
// a fresh clone has no server/.env yet (npm start writes it): write it now, or Strapi refuses to load without app keys
require('node:child_process').spawnSync(process.execPath, [path.join(appDir, '../scripts/ensure-server-env.mjs')], { stdio: 'inherit' });
process.env.STRAPI_TELEMETRY_DISABLED = 'true';
process.env.SERVE_ADMIN = 'false';

const ORDERS = Number(process.env.ORDERS || 100000);
const PER_ORDER = Number(process.env.RECEIVABLES_PER_ORDER || 2);
const BATCH = 5000;

async function main() {
  const { createStrapi, compileStrapi } = require('@strapi/strapi');
  const t0 = Date.now();
  const ctx = await compileStrapi({ appDir, ignoreDiagnostics: true });
  const strapi = await createStrapi({ ...ctx, autoReload: false, serveAdminPanel: false }).load();
  const { BulkWriter } = require(path.join(ctx.distDir, 'src/seed/demo/bulk.js'));
  const { cpfFrom, prng, FIRST_NAMES, LAST_NAMES, CARD_BRANDS } = require(path.join(ctx.distDir, 'src/seed/demo/data.js'));
  const knex = strapi.db.connection;
  const t1 = Date.now();
  try {
    const have = await strapi.db.query('api::sales-order.sales-order').count({});
    const toCreate = Math.max(0, ORDERS - have);
    console.log(`[seed:large] ${strapi.db.dialect.client} — ${have} orders present, creating ${toCreate} orders and ${toCreate * PER_ORDER} receivables`);
    if (toCreate === 0) return;

    const agreements = await strapi.db
      .query('api::company-agreement.company-agreement')
      .findMany({ populate: { user_dispatcher_id: true, user_company_id: true } });
    const pairs = agreements.filter((a) => a.user_dispatcher_id && a.user_company_id);
    if (!pairs.length) throw new Error('no agreements: run the demo seed first (start the server once)');
    const companies = await strapi.db.query('api::company.company').findMany({ populate: { user_id: true } });
    const companyOfUser = new Map(companies.filter((c) => c.user_id).map((c) => [c.user_id.id, c.id]));
    const vehicleTypes = (await strapi.db.query('api::vehicle-type.vehicle-type').findMany({ select: ['id'] })).map((v) => v.id);
    const methods = await strapi.db.query('api::payment-method.payment-method').findMany({ select: ['id', 'name'] });
    const salesItems = await strapi.db.query('api::sales-item.sales-item').findMany({ where: { billing_type: 'fixed_value' }, limit: 50 });
    const rnd = prng(7);

    // 2,000 extra customers with valid CPFs
    let customers = await strapi.db.query('api::customer.customer').findMany({ select: ['id', 'cpf_cnpj'] });
    if (customers.length < 2000) {
      await knex.transaction(async (trx) => {
        const bulk = new BulkWriter(strapi, trx);
        const rows = [];
        const taken = new Set(customers.map((c) => c.cpf_cnpj));
        for (let i = 0; rows.length < 2000 - customers.length; i++) {
          const cpf = cpfFrom(300000000 + i * 104729);
          if (taken.has(cpf)) continue;
          const name = `${rnd.pick(FIRST_NAMES)} ${rnd.pick(LAST_NAMES)} ${rnd.pick(LAST_NAMES)}`;
          rows.push({ name, cpf_cnpj: cpf, email: `cliente${i}@email.com.br`, phone_number: `11${String(900000000 + i)}` });
        }
        await bulk.insert('api::customer.customer', rows, 100);
        await bulk.fixSequences();
      });
      customers = await strapi.db.query('api::customer.customer').findMany({ select: ['id', 'cpf_cnpj'] });
    }

    const statuses = ['authorized', 'pending', 'denied', 'paid', 'reversed'];
    const recStatuses = ['paid', 'pending', 'reversed'];
    const now = Date.now();
    let done = 0;
    while (done < toCreate) {
      const n = Math.min(BATCH, toCreate - done);
      await knex.transaction(async (trx) => {
        const bulk = new BulkWriter(strapi, trx);
        const orders = [];
        const meta = [];
        for (let i = 0; i < n; i++) {
          const pair = pairs[rnd.int(0, pairs.length - 1)];
          const customer = customers[rnd.int(0, customers.length - 1)];
          const item = salesItems[rnd.int(0, salesItems.length - 1)];
          const total = Number(item.price);
          const billing = new Date(now - rnd.int(0, 730) * 86400000 - rnd.int(0, 86399) * 1000);
          orders.push({
            customer_id: customer.id,
            vehicle_type_id: rnd.pick(vehicleTypes),
            user_company_id: pair.user_company_id.id,
            user_dispatcher_id: pair.user_dispatcher_id.id,
            vehicle_documentation_company_id: companyOfUser.get(pair.user_dispatcher_id.id) ?? null,
            status_in: statuses[(done + i) % 5],
            sales_type: 'Zero km',
            vehicle_price: rnd.int(20, 400) * 1000,
            billing_date: billing,
            original_amount: total,
            current_amount: total,
            is_vehicle_financed: rnd.next() < 0.3,
            is_vehicle_special_plate: rnd.next() < 0.1,
            createdAt: billing,
            updatedAt: billing,
          });
          meta.push({ pair, customer, item, total, billing });
        }
        const ids = await bulk.insert('api::sales-order.sales-order', orders, 250);
        await bulk.insert(
          'api::sales-order-item.sales-order-item',
          ids.map((id, i) => ({
            sales_order: id,
            sales_item: meta[i].item.id,
            name: meta[i].item.name,
            price: meta[i].total,
            quantity: 1,
            vehicle_documentation_company_amount: Number(meta[i].item.vehicle_documentation_company_amount),
            vehicle_sales_company_amount: Number(meta[i].item.vehicle_sales_company_amount),
            platform_amount: Number(meta[i].item.platform_amount),
          })),
          250,
        );
        const recs = [];
        ids.forEach((id, i) => {
          for (let k = 0; k < PER_ORDER; k++) {
            const m = meta[i];
            const pm = methods[rnd.int(0, methods.length - 1)];
            const card = /cart/i.test(pm.name);
            const ts = m.billing.getTime() + (k + 1) * 3600000;
            const amount = Math.round((m.total / PER_ORDER) * 100) / 100 || 1;
            recs.push({
              sales_order: id,
              pedido_id: id,
              user_dispatcher_id: m.pair.user_dispatcher_id.id,
              user_company_id: m.pair.user_company_id.id,
              cpf_cnpj_cliente: m.customer.cpf_cnpj,
              document_number: `NF-${id}-${k}`,
              amount_original: amount,
              amount_final: amount,
              tax: 0,
              status_in: recStatuses[(id + k) % 3],
              payment_date: new Date(ts),
              payment_method_id: pm.id,
              card_brand: card ? rnd.pick(CARD_BRANDS) : null,
              card_last4: card ? String(rnd.int(1000, 9999)) : null,
              installments: card ? rnd.int(1, 12) : 0,
              custom_document_id: `SO-${id}-${ts}-${k}`,
              createdAt: new Date(ts),
              updatedAt: new Date(ts),
            });
          }
        });
        await bulk.insert('api::receivable.receivable', recs, 250);
        await bulk.fixSequences();
      });
      done += n;
      process.stdout.write(`\r[seed:large] ${done}/${toCreate} orders (${((Date.now() - t1) / 1000).toFixed(1)} s)`);
    }
    process.stdout.write('\n');
    // PostgreSQL after a bulk load: VACUUM as well as ANALYZE (its documentation's advice), so the visibility map
    // and hint bits are what autovacuum keeps on a settled production database. Without it, index-only scans of
    // the link tables still read the heap, and the first readers set hint bits. Measured with pgbench at 10 clients: the
    // receivables search counts reach 189 per second against 157 without it, even though autovacuum had already run once.
    if (strapi.db.dialect.client === 'sqlite') await knex.raw('ANALYZE');
    else if (strapi.db.dialect.client === 'postgres') await knex.raw('VACUUM (ANALYZE)');
  } finally {
    const t2 = Date.now();
    console.log(
      `[seed:large] done: load ${((t1 - t0) / 1000).toFixed(1)} s, inserts ${((t2 - t1) / 1000).toFixed(1)} s, total ${((t2 - t0) / 1000).toFixed(1)} s`,
    );
    await strapi.destroy();
  }
}

main().then(
  () => process.exit(0),
  (err) => {
    console.error(err);
    process.exit(1);
  },
);
