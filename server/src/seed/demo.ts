import type { Core } from '@strapi/strapi';
import type { JoinTable } from '@strapi/database';
import { BulkWriter } from './demo/bulk';
import {
  CARD_BRANDS,
  CITIES,
  DOCUMENT_TYPES,
  FIRST_NAMES,
  LAST_NAMES,
  PAYMENT_METHODS,
  SALES_ITEMS,
  TYPE_FACTOR,
  VEHICLE_TYPES,
  cnpjFrom,
  cpfFrom,
  prng,
  slug,
  split,
} from './demo/data';
import { seedDemoFiles } from './demo/files';

const USER = 'plugin::users-permissions.user';
const ROLE = 'plugin::users-permissions.role';
/** Bump to re-run the demo seed on existing databases (it only runs on a database without demo data). */
const DEMO_VERSION = 1;
const PASSWORD = 'Balcao@2026';

/** Demo logins created by seed/access.ts that the business data hangs on (by username). */
const LOGIN = { dispatcher: '11222333000181', company: '45283095000136', salesman: '11144477735' };

/** A demo dealership or dispatcher (`city`: index into CITIES; `login`: an existing login of seed/access.ts). */
type Party = { trade_name: string; legal_name: string; cnpj: string; city: number; login?: string };

/** A demo sales item row, with the seed's own `_type`/`_uf` keys (not attributes: the bulk writer skips them). */
type DemoItem = ReturnType<typeof split> & {
  id?: number;
  name: string;
  billing_type: string;
  is_vehicle_financed: boolean;
  is_special_plate: boolean;
  _type: number;
  _uf: string;
  [field: string]: unknown;
};

/** A demo order: its row, its lines, its agreement pair `d-c` and status. */
type DemoOrder = {
  row: { customer_id: number; user_company_id: number; user_dispatcher_id: number; current_amount: number; billing_date: Date; [field: string]: unknown };
  lines: Array<Record<string, unknown>>;
  pair: string;
  status: string;
};

/** Extra dealerships and dispatchers (their login users are created here, password Balcao@2026). */
const DEALERSHIPS: Party[] = [
  { trade_name: 'Avenida Veículos', legal_name: 'Avenida Comércio de Veículos Ltda', cnpj: LOGIN.company, city: 0, login: LOGIN.company },
  { trade_name: 'Rio Motors', legal_name: 'Rio Motors Comércio de Automóveis S.A.', cnpj: cnpjFrom(334445550001), city: 2 },
  { trade_name: 'Minas Auto Center', legal_name: 'Minas Auto Center Ltda', cnpj: cnpjFrom(556667770001), city: 3 },
  { trade_name: 'Curitiba Seminovos', legal_name: 'Curitiba Seminovos e Multimarcas Ltda', cnpj: cnpjFrom(778889990001), city: 4 },
  { trade_name: 'Gaúcha Caminhões', legal_name: 'Gaúcha Comércio de Caminhões Ltda', cnpj: cnpjFrom(990001110001), city: 5 },
];
const DISPATCHERS: Party[] = [
  { trade_name: 'Despachante Paulista', legal_name: 'Despachante Paulista Ltda', cnpj: LOGIN.dispatcher, city: 0, login: LOGIN.dispatcher },
  { trade_name: 'Despachante Carioca', legal_name: 'Carioca Serviços de Despachante Ltda', cnpj: cnpjFrom(223334440001), city: 2 },
  { trade_name: 'Despachante Sul', legal_name: 'Sul Documentação Veicular Ltda', cnpj: cnpjFrom(445556660001), city: 5 },
];
/** Agreements: [dispatcher index, dealership index, dispatcher %, dealership %]. */
const AGREEMENTS: Array<[number, number, number, number]> = [
  [0, 0, 10, 5],
  [0, 1, 8, 4],
  [0, 2, 7.5, 3.5],
  [1, 1, 12, 6],
  [1, 3, 9, 4.5],
  [2, 4, 10, 5],
  [2, 3, 6, 3],
];
const ORDER_STATUSES = ['authorized', 'pending', 'denied', 'paid', 'reversed'] as const;

/**
 * Business demo data (issue 2 "Seed data"), idempotent: runs once per database (marker in the
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
    const [uf, , cep, ddd] = CITIES[c.city];
    void cep;
    const u = await userService.add({
      username: c.cnpj,
      email: `contato@${slug(c.trade_name)}.com.br`,
      name: c.trade_name,
      type,
      password: PASSWORD,
      provider: 'local',
      confirmed: true,
      blocked: false,
      role: roles[type === 'company' ? 'concessionaria' : 'despachante'] ?? roles.authenticated,
      address_state_id: states[uf],
      phone_number: `${ddd}3${String(c.cnpj).slice(0, 7)}`,
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
    const company = (c: Party, type: 'company' | 'dispatcher', userId: number) => {
      const [uf, city, cep, ddd] = CITIES[c.city];
      return {
        trade_name: c.trade_name,
        legal_name: c.legal_name,
        cnpj: c.cnpj,
        type,
        user_id: userId,
        is_active: true,
        address_street: 'Avenida Brasil',
        address_number: String(100 + c.city * 37),
        address_postal_code: cep,
        address_city: city,
        address_state_id: states[uf],
        email: `contato@${slug(c.trade_name)}.com.br`,
        phone_number: `${ddd}3${String(c.cnpj).slice(0, 7)}`,
      };
    };
    const dealerCompanies = await bulk.insert(
      'api::company.company',
      DEALERSHIPS.map((c, i) => company(c, 'company', dealerUsers[i])),
    );
    const dispatcherCompanies = await bulk.insert(
      'api::company.company',
      DISPATCHERS.map((c, i) => company(c, 'dispatcher', dispatcherUsers[i])),
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
    const itemRows: DemoItem[] = [];
    for (const [t, vt] of vehicleTypes.entries()) {
      for (const uf of ['SP', 'RJ', 'MG', 'PR', 'RS']) {
        for (const it of SALES_ITEMS) {
          const base = it.billing_type === 'percentage' ? it.price : Math.round(it.price * TYPE_FACTOR[t] * (uf === 'SP' ? 1 : 0.95) * 100) / 100;
          itemRows.push({
            name: it.name,
            description: it.description,
            billing_type: it.billing_type ?? 'fixed_value',
            ...split(base, it.d, it.c),
            is_discount_allowed: false,
            is_state_tax: false,
            is_vehicle_financed: false,
            is_special_plate: false,
            is_ipva: false,
            ...(it.flags ?? {}),
            vehicle_type_id: vt,
            state_id: states[uf],
            _type: t,
            _uf: uf,
          });
        }
      }
    }
    const itemIds = await bulk.insert('api::sales-item.sales-item', itemRows);
    itemRows.forEach((r, i) => (r.id = itemIds[i]));

    const docTypeRows: Array<{ id?: number; name: string; user_dispatcher_id: number; user_company_id: number; _pair: string }> = [];
    for (const [d, c] of AGREEMENTS) {
      for (const name of DOCUMENT_TYPES)
        docTypeRows.push({ name, user_dispatcher_id: dispatcherUsers[d], user_company_id: dealerUsers[c], _pair: `${d}-${c}` });
    }
    const docTypeIds = await bulk.insert('api::document-type.document-type', docTypeRows);
    docTypeRows.forEach((r, i) => (r.id = docTypeIds[i]));

    const customers: Array<{ name: string; cpf_cnpj: string }> = [];
    for (let i = 0; i < 60; i++) {
      const name = `${rnd.pick(FIRST_NAMES)} ${rnd.pick(LAST_NAMES)} ${rnd.pick(LAST_NAMES)}`;
      customers.push({ name, cpf_cnpj: cpfFrom(100000000 + i * 7919 + 13) });
    }
    const customerRows = customers.map((c, i) => ({
      ...c,
      email: i % 5 === 4 ? null : `${slug(c.name)}${i}@email.com.br`,
      phone_number: i % 3 === 2 ? null : `119${String(80000000 + i * 1237).slice(0, 8)}`,
    }));
    const customerIds = await bulk.insert('api::customer.customer', customerRows);

    // Orders: 300, every status, lines of the order's vehicle type in the dealership's UF (SP fallback).
    const now = Date.now();
    const orders: DemoOrder[] = [];
    for (let i = 0; i < 300; i++) {
      const [d, c] = AGREEMENTS[i % AGREEMENTS.length];
      const t = rnd.int(0, 4);
      const uf = CITIES[DEALERSHIPS[c].city][0];
      const financed = rnd.next() < 0.3;
      const special = rnd.next() < 0.15;
      const vehicle_price = rnd.int(25, 320) * 1000;
      const candidates = itemRows.filter(
        (r) =>
          r._type === t &&
          r._uf === (['SP', 'RJ', 'MG', 'PR', 'RS'].includes(uf) ? uf : 'SP') &&
          (financed || !r.is_vehicle_financed) &&
          (special || !r.is_special_plate),
      );
      const lines = candidates.filter((r) => ['Emplacamento', 'Licenciamento anual', 'IPVA'].includes(r.name) || rnd.next() < 0.3).slice(0, 4);
      const priced = lines.map((r) => {
        const f = r.billing_type === 'percentage' ? vehicle_price / 100 : 1;
        return {
          ...split(r.price * f, r.vehicle_documentation_company_amount / (r.price || 1), r.vehicle_sales_company_amount / (r.price || 1)),
          name: r.name,
          sales_item: r.id,
          quantity: 1,
        };
      });
      const total = Math.round(priced.reduce((a, l) => a + l.price, 0) * 100) / 100;
      const status = ORDER_STATUSES[i % ORDER_STATUSES.length];
      const discount = status === 'paid' || status === 'authorized' ? Math.round(total * (rnd.int(0, 5) / 100) * 100) / 100 : 0;
      orders.push({
        row: {
          user_id: c === 0 && i % 2 === 0 ? logins.salesman.id : null,
          customer_id: rnd.pick(customerIds),
          vehicle_type_id: vehicleTypes[t],
          user_company_id: dealerUsers[c],
          user_dispatcher_id: dispatcherUsers[d],
          vehicle_documentation_company_id: dispatcherCompanies[d],
          status_in: status,
          sales_type: rnd.pick(['Zero km', 'Seminovo', 'Transferência']),
          vehicle_price,
          billing_date: new Date(now - rnd.int(0, 180) * 86400000 - rnd.int(0, 36000) * 1000),
          original_amount: total,
          current_amount: Math.round((total - discount) * 100) / 100,
          is_vehicle_financed: financed,
          is_vehicle_special_plate: special,
        },
        lines: priced,
        pair: `${d}-${c}`,
        status,
      });
    }
    const orderIds = await bulk.insert(
      'api::sales-order.sales-order',
      orders.map((o) => o.row),
    );
    await bulk.insert(
      'api::sales-order-item.sales-order-item',
      orders.flatMap((o, i) => o.lines.map((l) => ({ ...l, sales_order: orderIds[i] }))),
    );

    // Receivables: paid orders fully paid, reversed orders reversed, pending/authorized partly paid, denied none.
    const receivables: Array<Record<string, unknown>> = [];
    const customerById = new Map(customerIds.map((id, i) => [id, customerRows[i].cpf_cnpj]));
    orders.forEach((o, i) => {
      const statuses: string[] =
        { paid: ['paid'], reversed: ['reversed'], pending: ['pending'], authorized: ['paid', 'pending'], denied: [] }[o.status as string] ?? [];
      const orderId = orderIds[i];
      statuses.forEach((st, k) => {
        const pm = rnd.int(0, paymentMethods.length - 1);
        const card = pm === 2 || pm === 3;
        const installments = pm === 2 ? rnd.int(1, 12) : card ? 1 : 0;
        const amount = Math.round((o.row.current_amount / statuses.length) * 100) / 100 || 10;
        const tax = pm === 2 && installments > 1 ? Math.round(amount * 0.0299 * 100) / 100 : 0;
        const ts = o.row.billing_date.getTime() + (k + 1) * 3600000;
        receivables.push({
          sales_order: orderId,
          pedido_id: orderId,
          user_dispatcher_id: o.row.user_dispatcher_id,
          user_company_id: o.row.user_company_id,
          cpf_cnpj_cliente: customerById.get(o.row.customer_id),
          document_number: `NF-${String(100000 + orderId * 3 + k)}`,
          amount_original: amount,
          amount_final: Math.round((amount - tax) * 100) / 100,
          tax,
          status_in: st,
          payment_date: new Date(ts),
          payment_method_id: paymentMethods[pm],
          card_brand: card ? rnd.pick(CARD_BRANDS) : null,
          card_last4: card ? String(rnd.int(1000, 9999)) : null,
          installments,
          authorization_code: card ? `A${rnd.int(100000, 999999)}` : null,
          custom_document_id: `SO-${orderId}-${ts}`,
        });
      });
    });
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
