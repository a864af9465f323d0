/**
 * The list calls bench/profile.js and bench/sql-trace.js drive (the same queries as bench/api-bench.js):
 * [name, path+query of request i, login, core-find path+query of request i].
 */
const { stringify } = require('qs');
const { loadPwaQueries } = require('./pwa-queries');

const day = 86400000;
const range = (i) => {
  const end = new Date(Date.now() - (i % 12) * 30 * day);
  const start = new Date(end.getTime() - 90 * day);
  return `filters[billing_date][$gte]=${start.toISOString()}&filters[billing_date][$lte]=${end.toISOString()}`;
};
const statuses = ['authorized', 'pending', 'denied', 'paid', 'reversed'];
const ORDERS = (i) =>
  `populate=*&filters[status_in][$eq]=${statuses[i % 5]}&${range(i)}&sort[0]=billing_date:desc&pagination[page]=${1 + (i % 5)}&pagination[pageSize]=10`;
const USERS = (i) => `populate=*&pagination[page]=${1 + (i % 2)}&pagination[pageSize]=10&sort[0]=id:asc`;

// The search boxes, as the PWA sends them (bench/pwa-queries.js; the same terms as bench/api-bench.js).
const { receivableListQuery } = loadPwaQueries();
const qsOf = (query) => stringify(query, { encodeValuesOnly: true, skipNulls: true });
const RECEIVABLE_TERMS = ['3000', 'paulista', 'visa', '150,00', 'NF-1234', 'carioca', 'elo', 'pago'];
const RECEIVABLES_SEARCH = (i) => qsOf(receivableListQuery({ q: RECEIVABLE_TERMS[i % RECEIVABLE_TERMS.length], page: 1, pageSize: 25 }));

const CASES = [
  ['orders-admin', (i) => `/api/sales-orders?${ORDERS(i)}`, '52998224725', (i) => `/bench/core/api::sales-order.sales-order?${ORDERS(i)}`],
  [
    'orders-despachante',
    (i) => `/api/sales-orders?${ORDERS(i)}`,
    '11222333000181',
    (i) => `/bench/core/api::sales-order.sales-order?${ORDERS(i)}&filters[user_dispatcher_id][id][$eq]=2`,
  ],
  [
    'receivables-search-admin',
    (i) => `/api/receivables?${RECEIVABLES_SEARCH(i)}`,
    '52998224725',
    (i) => `/bench/core/api::receivable.receivable?${RECEIVABLES_SEARCH(i)}`,
  ],
  [
    'receivables-search-despachante',
    (i) => `/api/receivables?${RECEIVABLES_SEARCH(i)}`,
    '11222333000181',
    (i) => `/bench/core/api::receivable.receivable?${RECEIVABLES_SEARCH(i)}`,
  ],
  ['users-admin', (i) => `/api/users?${USERS(i)}`, '52998224725', (i) => `/bench/core/plugin::users-permissions.user?${USERS(i)}`],
];

module.exports = { CASES };
