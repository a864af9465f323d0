import type { Core } from '@strapi/strapi';
import type { JoinTable } from '@strapi/database';
import { BulkWriter } from './demo/bulk';
import { CITIES, DOCUMENT_TYPES, PAYMENT_METHODS, VEHICLE_TYPES, prng } from './demo/data';
import { seedDemoFiles } from './demo/files';
import { customerRows, demoOrders, demoReceivables, salesItemRows } from './demo/orders';
import { AGREEMENTS, DEALERSHIPS, DISPATCHERS, LOGIN, companyRow, partyContact, type Party } from './demo/parties';

const USER = 'plugin::users-permissions.user';
const ROLE = 'plugin::users-permissions.role';
/** Bump to re-run the demo seed on existing databases (it only runs on a database without demo data). */
const DEMO_VERSION = 1;
const PASSWORD = 'Balcao@2026';

/**
 * Business demo data, idempotent: runs once per database (marker in the
 * core store, plus a check that no vehicle type exists yet) inside one transaction, then
 * uploads a few small real files for order documents. Needs the demo logins of seed/access.ts;
 * when they are missing it logs and does nothing.
 * Creates: 6 vehicle types, 6 payment methods, sales items per vehicle type × 5 UFs, 5
 * dealerships and 3 dispatchers (companies + logins, valid CNPJs) with 7 agreements,
 * 5 document types per agreement pair, 60 customers (valid CPFs), 300 orders in every status
 * with 2–4 lines each, and receivables in every status (custom_document_id SO-{id}-{ts}).
 */
export async function seedDemo(strapi: Core.Strapi): Promise<void> {
  const store = strapi.store({ type: 'plugin', name: 'balcao', key: 'demo-seed' });
  const done = (await store.get({})) as { version?: number } | null;
  if (done?.version === DEMO_VERSION) return;
  if ((await strapi.db.query('api::vehicle-type.vehicle-type').count({})) > 0) {
    await store.set({ value: { version: DEMO_VERSION } });
    return;
  }
  const logins: Record<string, { id: number } | null> = {};
  for (const [k, username] of Object.entries(LOGIN)) {
    logins[k] = await strapi.db.query(USER).findOne({ where: { username } });
  }
  if (!logins.dispatcher || !logins.company || !logins.salesman) {
    strapi.log.warn('[seed] demo data skipped: the demo logins (seed/access.ts) are missing');
    return;
  }
  const started = Date.now();
  const states: Record<string, number> = Object.fromEntries(
    (await strapi.db.query('api::state.state').findMany({ select: ['id', 'abbreviation'] })).map((s: { id: number; abbreviation: string }) => [
      s.abbreviation,
      s.id,
    ]),
  );
  const roles: Record<string, number> = Object.fromEntries(
    (await strapi.db.query(ROLE).findMany({ select: ['id', 'type'] })).map((r: { id: number; type: string }) => [r.type, r.id]),
  );

  // Login users of the extra dealerships/dispatchers (hashing through the users-permissions service).
  const userService = strapi.plugin('users-permissions').service('user');
  const loginOf = async (c: Party, type: 'company' | 'dispatcher'): Promise<number> => {
    if (c.login) return type === 'company' ? logins.company.id : logins.dispatcher.id;
    const existing = await strapi.db.query(USER).findOne({ where: { username: c.cnpj } });
    if (existing) return existing.id;
    const uf = CITIES[c.city][0];
    const { email, phone_number } = partyContact(c);
    const u = await userService.add({
      username: c.cnpj,
      email,
      name: c.trade_name,
      type,
      password: PASSWORD,
      provider: 'local',
      confirmed: true,
      blocked: false,
      role: roles[type === 'company' ? 'concessionaria' : 'despachante'] ?? roles.authenticated,
      address_state_id: states[uf],
      phone_number,
    });
    return u.id;
  };
  const dealerUsers: number[] = [];
  for (const c of DEALERSHIPS) dealerUsers.push(await loginOf(c, 'company'));
  const dispatcherUsers: number[] = [];
  for (const c of DISPATCHERS) dispatcherUsers.push(await loginOf(c, 'dispatcher'));

  const files: Array<{ orderId: number; typeName: string; docTypeId: number }> = [];
  await strapi.db.transaction(async ({ trx }) => {
    const bulk = new BulkWriter(strapi, trx);
    const rnd = prng(42);
    const dealerCompanies = await bulk.insert(
      'api::company.company',
      DEALERSHIPS.map((c, i) => companyRow(c, 'company', dealerUsers[i], states)),
    );
    const dispatcherCompanies = await bulk.insert(
      'api::company.company',
      DISPATCHERS.map((c, i) => companyRow(c, 'dispatcher', dispatcherUsers[i], states)),
    );
    await bulk.insert(
      'api::company-agreement.company-agreement',
      AGREEMENTS.map(([d, c, dp, cp]) => ({
        user_dispatcher_id: dispatcherUsers[d],
        user_company_id: dealerUsers[c],
        dispatcher_profit_percentage: dp,
        company_profit_percentage: cp,
      })),
    );
    // the Vendedor sells for the demo dealership
    const salesmanMeta = strapi.db.metadata.get(USER).attributes.company_id as { joinTable?: JoinTable & { inverseOrderColumnName?: string } };
    if (salesmanMeta?.joinTable) {
      const jt = salesmanMeta.joinTable;
      await trx(jt.name)
        .where({ [jt.joinColumn.name]: logins.salesman.id })
        .delete();
      await trx(jt.name).insert({
        [jt.joinColumn.name]: logins.salesman.id,
        [jt.inverseJoinColumn.name]: dealerCompanies[0],
        ...(jt.inverseOrderColumnName ? { [jt.inverseOrderColumnName]: 1 } : {}),
      });
    }

    const vehicleTypes = await bulk.insert(
      'api::vehicle-type.vehicle-type',
      VEHICLE_TYPES.map((v) => ({ is_active: true, ...v })),
    );
    const paymentMethods = await bulk.insert(
      'api::payment-method.payment-method',
      PAYMENT_METHODS.map((p) => ({ ...p, is_active: true })),
    );
    const itemRows = salesItemRows(vehicleTypes, states);
    const itemIds = await bulk.insert('api::sales-item.sales-item', itemRows);
    itemRows.forEach((r, i) => (r.id = itemIds[i]));

    const docTypeRows: Array<{ id?: number; name: string; user_dispatcher_id: number; user_company_id: number; _pair: string }> = [];
    for (const [d, c] of AGREEMENTS) {
      for (const name of DOCUMENT_TYPES)
        docTypeRows.push({ name, user_dispatcher_id: dispatcherUsers[d], user_company_id: dealerUsers[c], _pair: `${d}-${c}` });
    }
    const docTypeIds = await bulk.insert('api::document-type.document-type', docTypeRows);
    docTypeRows.forEach((r, i) => (r.id = docTypeIds[i]));

    const customers = customerRows(rnd);
    const customerIds = await bulk.insert('api::customer.customer', customers);

    // Orders: 300, every status, lines of the order's vehicle type in the dealership's UF (SP fallback).
    const refs = { dealerUsers, dispatcherUsers, dispatcherCompanies, vehicleTypes, customerIds, salesmanId: logins.salesman.id };
    const orders = demoOrders(rnd, itemRows, refs, Date.now());
    const orderIds = await bulk.insert(
      'api::sales-order.sales-order',
      orders.map((o) => o.row),
    );
    await bulk.insert(
      'api::sales-order-item.sales-order-item',
      orders.flatMap((o, i) => o.lines.map((l) => ({ ...l, sales_order: orderIds[i] }))),
    );

    // Receivables: paid orders fully paid, reversed orders reversed, pending/authorized partly paid, denied none.
    const cpfOf = new Map(customerIds.map((id, i) => [id, customers[i].cpf_cnpj]));
    const receivables = demoReceivables(rnd, orders, orderIds, cpfOf, paymentMethods);
    await bulk.insert('api::receivable.receivable', receivables);

    // Notifications for the demo dealership and dispatcher.
    await bulk.insert(
      'api::notification.notification',
      [logins.company.id, logins.dispatcher.id].flatMap((user) => [
        { user, title: 'Bem-vindo ao Balcão', message: 'Seu acesso foi configurado.', read: true, kind: 'info' },
        { user, title: 'Pedido pendente', message: 'Há pedidos aguardando documentos.', read: false, kind: 'order' },
        { user, title: 'Pagamento confirmado', message: 'Um recebimento foi confirmado.', read: false, kind: 'payment' },
      ]),
    );
    await bulk.fixSequences();

    // Order documents of the demo pair (first 12 orders), files uploaded after the commit.
    const demoPairTypes = docTypeRows.filter((r) => r._pair === '0-0');
    orders.forEach((o, i) => {
      if (o.pair === '0-0' && files.length < 12) {
        const t = demoPairTypes[files.length % demoPairTypes.length];
        files.push({ orderId: orderIds[i], typeName: t.name, docTypeId: t.id });
      }
    });
  });
  await seedDemoFiles(strapi, files);
  await store.set({ value: { version: DEMO_VERSION } });
  strapi.log.info(`[seed] demo data created in ${Date.now() - started} ms`);
}
