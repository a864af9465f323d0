import { CARD_BRANDS, CITIES, FIRST_NAMES, LAST_NAMES, SALES_ITEMS, TYPE_FACTOR, cpfFrom, prng, slug, split } from './data';
import { AGREEMENTS, DEALERSHIPS } from './parties';

/**
 * The business rows of the demo seed (seed/demo.ts), built in memory from the seeded PRNG: sales
 * items, customers, orders with their lines, and receivables. Amounts in reais. The PRNG is drawn
 * in a fixed order (customers, orders, receivables), so every database gets the same data.
 */

/** The seeded pseudo-random source of data.ts. */
type Rnd = ReturnType<typeof prng>;

const UFS = ['SP', 'RJ', 'MG', 'PR', 'RS'];
const ORDER_STATUSES = ['authorized', 'pending', 'denied', 'paid', 'reversed'] as const;

/** A demo sales item row, with the seed's own `_type`/`_uf` keys (not attributes: the bulk writer skips them). */
export type DemoItem = ReturnType<typeof split> & {
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
export type DemoOrder = {
  row: { customer_id: number; user_company_id: number; user_dispatcher_id: number; current_amount: number; billing_date: Date; [field: string]: unknown };
  lines: Array<Record<string, unknown>>;
  pair: string;
  status: string;
};

/** Sales items per vehicle type (ids `vehicleTypes`) × 5 UFs (`states`: UF → state id); SP prices, 5% less elsewhere. */
export function salesItemRows(vehicleTypes: number[], states: Record<string, number>): DemoItem[] {
  const rows: DemoItem[] = [];
  for (const [t, vt] of vehicleTypes.entries()) {
    for (const uf of UFS) {
      for (const it of SALES_ITEMS) {
        const base = it.billing_type === 'percentage' ? it.price : Math.round(it.price * TYPE_FACTOR[t] * (uf === 'SP' ? 1 : 0.95) * 100) / 100;
        rows.push({
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
  return rows;
}

/** 60 customers with valid CPFs; every fifth without e-mail, every third without phone. */
export function customerRows(rnd: Rnd): Array<{ name: string; cpf_cnpj: string; email: string | null; phone_number: string | null }> {
  const customers: Array<{ name: string; cpf_cnpj: string }> = [];
  for (let i = 0; i < 60; i++) {
    const name = `${rnd.pick(FIRST_NAMES)} ${rnd.pick(LAST_NAMES)} ${rnd.pick(LAST_NAMES)}`;
    customers.push({ name, cpf_cnpj: cpfFrom(100000000 + i * 7919 + 13) });
  }
  return customers.map((c, i) => ({
    ...c,
    email: i % 5 === 4 ? null : `${slug(c.name)}${i}@email.com.br`,
    phone_number: i % 3 === 2 ? null : `119${String(80000000 + i * 1237).slice(0, 8)}`,
  }));
}

/** Ids the orders point at: parties' logins and company records, vehicle types, customers, the salesman. */
export interface OrderRefs {
  dealerUsers: number[];
  dispatcherUsers: number[];
  dispatcherCompanies: number[];
  vehicleTypes: number[];
  customerIds: number[];
  salesmanId: number;
}

/**
 * 300 orders in every status over the agreement pairs, billed in the last 180 days before `now` (ms),
 * each with 2–4 lines of its vehicle type in its dealership's UF (SP fallback) priced as sales do
 * (percentage items on the vehicle price); paid and authorized orders get a discount of 0–5%.
 */
export function demoOrders(rnd: Rnd, items: DemoItem[], refs: OrderRefs, now: number): DemoOrder[] {
  const orders: DemoOrder[] = [];
  for (let i = 0; i < 300; i++) {
    const [d, c] = AGREEMENTS[i % AGREEMENTS.length];
    const t = rnd.int(0, 4);
    const uf = CITIES[DEALERSHIPS[c].city][0];
    const financed = rnd.next() < 0.3;
    const special = rnd.next() < 0.15;
    const vehicle_price = rnd.int(25, 320) * 1000;
    const candidates = items.filter(
      (r) => r._type === t && r._uf === (UFS.includes(uf) ? uf : 'SP') && (financed || !r.is_vehicle_financed) && (special || !r.is_special_plate),
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
        user_id: c === 0 && i % 2 === 0 ? refs.salesmanId : null,
        customer_id: rnd.pick(refs.customerIds),
        vehicle_type_id: refs.vehicleTypes[t],
        user_company_id: refs.dealerUsers[c],
        user_dispatcher_id: refs.dispatcherUsers[d],
        vehicle_documentation_company_id: refs.dispatcherCompanies[d],
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
  return orders;
}

/**
 * The receivables of the demo orders (`orderIds` their ids, `cpfOf` customer id → CPF/CNPJ,
 * `paymentMethods` ids): paid orders fully paid, reversed orders reversed, pending/authorized partly
 * paid, denied none; card payments with brand, last digits and authorization code
 * (custom_document_id SO-{order id}-{timestamp}).
 */
export function demoReceivables(rnd: Rnd, orders: DemoOrder[], orderIds: number[], cpfOf: Map<number, string>, paymentMethods: number[]) {
  const receivables: Array<Record<string, unknown>> = [];
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
        cpf_cnpj_cliente: cpfOf.get(o.row.customer_id),
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
  return receivables;
}
