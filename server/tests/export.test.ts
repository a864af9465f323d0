import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { type SeedRole } from './helpers/api';
import { me } from './helpers/business';
import { brl, exportFile, listAll, parseCsv, saoPauloDay, type Column } from './helpers/export';

/**
 * "Exportar" (docs/architecture.md "Export"): GET <list>/export streams ALL the rows the list's GET
 * answers for the same query (filters, search, sort), page after page, for every role and never a
 * row outside its scope; CSV (UTF-8 BOM, `;`, pt-BR formats) and XLSX (read back with exceljs); 403
 * without the list's find permission; 400 with a Portuguese message on bad input. The test server
 * reads 7 rows per batch (EXPORT_BATCH_ROWS), so every export here spans several batches.
 */

const ROLES: SeedRole[] = ['admin', 'despachante', 'concessionaria', 'vendedor'];

const ORDER_QUERY = { populate: '*', sort: ['current_amount:desc'] };
const ORDER_COLUMNS: Column[] = [
  { header: 'ID', value: ['id'], format: 'integer' },
  { header: 'Data', value: ['billing_date'], format: 'date' },
  { header: 'Despachante', value: ['user_dispatcher_id', 'vehicle_documentation_company_id.trade_name'], format: 'person' },
  { header: 'CPF/CNPJ do Cliente', value: ['customer_id.cpf_cnpj'], format: 'document' },
  { header: 'Valor Final', value: ['current_amount'], format: 'money' },
  {
    header: 'Status',
    value: ['status_in'],
    format: 'label',
    labels: { authorized: 'Autorizado', pending: 'Pendente', denied: 'Negado', paid: 'Pago', reversed: 'Estornado' },
    fallback: 'Pendente',
  },
  { header: 'Concessionária (id)', value: ['user_company_id.id'], format: 'integer' },
  { header: 'Despachante (id)', value: ['user_dispatcher_id.id'], format: 'integer' },
  { header: 'Vendedor (id)', value: ['user_id.id'], format: 'integer' },
];

const RECEIVABLE_QUERY = { populate: ['payment_method_id', 'sales_order', 'user_dispatcher_id', 'user_company_id'], sort: ['payment_date:desc'] };
const RECEIVABLE_COLUMNS: Column[] = [
  { header: 'ID', value: ['id'], format: 'integer' },
  { header: 'Data', value: ['payment_date'], format: 'date' },
  { header: 'CPF/CNPJ do Cliente', value: ['cpf_cnpj_cliente'], format: 'document' },
  { header: 'Valor Nominal', value: ['amount_original'], format: 'money' },
  { header: 'Status', value: ['status_in'], format: 'label', labels: { paid: 'Pago', pending: 'Pendente', reversed: 'Revertido' }, fallback: 'Pendente' },
  { header: 'Despachante (id)', value: ['user_dispatcher_id.id'], format: 'integer' },
  { header: 'Concessionária (id)', value: ['user_company_id.id'], format: 'integer' },
];

/** The CSV as rows, with its BOM and header checked. */
function csvRows(text: string, columns: Column[]): string[][] {
  expect(text.startsWith('\uFEFF')).toBe(true);
  const [header, ...rows] = parseCsv(text);
  expect(header).toEqual(columns.map((c) => c.header));
  return rows;
}

describe('export: every row the list answers, for every role', () => {
  it.each(ROLES)('sales orders as %s: the rows of every page of the list, in the list order, inside the scope', async (role) => {
    const listed = await listAll(role, '/sales-orders', ORDER_QUERY);
    expect(listed.length).toBeGreaterThan(7);
    const answer = await exportFile(role, '/sales-orders', ORDER_QUERY, { format: 'csv', name: 'Pedidos', columns: ORDER_COLUMNS });
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(answer.headers.get('content-disposition')).toMatch(/^attachment; filename="pedidos-\d{4}-\d{2}-\d{2}\.csv"/);
    const rows = csvRows(answer.text, ORDER_COLUMNS);
    expect(rows.map((r) => Number(r[0])).sort((a, b) => a - b)).toEqual(listed.map((o) => o.id).sort((a, b) => a - b));
    // the list's sort (current_amount desc), across batch boundaries
    const amounts = rows.map((r) => Number(r[4].replace(/[^\d,]/g, '').replace(',', '.')));
    expect(amounts).toEqual([...amounts].sort((a, b) => b - a));
    const byId = new Map(listed.map((o) => [o.id, o]));
    for (const row of rows) {
      const order = byId.get(Number(row[0]));
      expect(row[1]).toBe(saoPauloDay(order.billing_date));
      expect(row[4]).toBe(brl(order.current_amount));
      if (order.customer_id?.cpf_cnpj) expect(row[3]).toMatch(/^(\d{3}\.\d{3}\.\d{3}-\d{2}|[0-9A-Z]{2}\.[0-9A-Z]{3}\.[0-9A-Z]{3}\/[0-9A-Z]{4}-\d{2})$/);
    }
    // the scope, read from the rows themselves
    const mine = (await me(role)).id;
    if (role === 'despachante') expect(rows.every((r) => Number(r[7]) === mine)).toBe(true);
    if (role === 'concessionaria') expect(rows.every((r) => Number(r[6]) === mine)).toBe(true);
  });

  it.each(['admin', 'despachante', 'concessionaria'] as SeedRole[])('receivables as %s, under a filter and the search box', async (role) => {
    const query = {
      ...RECEIVABLE_QUERY,
      filters: {
        $and: [{ status_in: { $in: ['paid', 'pending'] } }, { $or: [{ document_number: { $containsi: '0' } }, { card_brand: { $containsi: 'a' } }] }],
      },
    };
    const listed = await listAll(role, '/receivables', query);
    const answer = await exportFile(role, '/receivables', query, { format: 'csv', name: 'Contas a Receber', columns: RECEIVABLE_COLUMNS });
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-disposition')).toMatch(/filename="contas-a-receber-\d{4}-\d{2}-\d{2}\.csv"/);
    const rows = csvRows(answer.text, RECEIVABLE_COLUMNS);
    expect(rows.map((r) => Number(r[0])).sort((a, b) => a - b)).toEqual(listed.map((r) => r.id).sort((a, b) => a - b));
    expect(rows.every((r) => ['Pago', 'Pendente'].includes(r[4]))).toBe(true);
    const mine = (await me(role)).id;
    if (role === 'despachante') expect(rows.every((r) => Number(r[5]) === mine)).toBe(true);
    if (role === 'concessionaria') expect(rows.every((r) => Number(r[6]) === mine)).toBe(true);
  });

  it('receivables with no sort of their own (read in id order, window after window) as admin and concessionária', async () => {
    for (const role of ['admin', 'concessionaria'] as SeedRole[]) {
      const query = { populate: RECEIVABLE_QUERY.populate };
      const listed = await listAll(role, '/receivables', { ...query, sort: ['id:asc'] });
      expect(listed.length).toBeGreaterThan(7);
      const answer = await exportFile(role, '/receivables', query, { format: 'csv', name: 'Contas a Receber', columns: RECEIVABLE_COLUMNS });
      expect(csvRows(answer.text, RECEIVABLE_COLUMNS).map((r) => Number(r[0]))).toEqual(listed.map((r) => r.id));
    }
  });

  it('users as admin (everyone) and as despachante (party accounts only, names as exposed)', async () => {
    const columns: Column[] = [
      { header: 'ID', value: ['id'], format: 'integer' },
      { header: 'CPF/CNPJ', value: ['username'], format: 'document' },
      { header: 'Nome completo', value: ['name'] },
      { header: 'Status', value: ['blocked'], format: 'label', labels: { true: 'Bloqueado', false: 'Ativo' }, fallback: 'Ativo' },
    ];
    for (const role of ['admin', 'despachante'] as SeedRole[]) {
      const listed = await listAll(role, '/users', { sort: ['name:asc'] });
      const answer = await exportFile(role, '/users', { sort: ['name:asc'] }, { format: 'csv', name: 'Usuários', columns });
      expect(answer.status).toBe(200);
      const rows = csvRows(answer.text, columns);
      expect(rows.map((r) => Number(r[0])).sort((a, b) => a - b)).toEqual(listed.map((u) => u.id).sort((a, b) => a - b));
      // what the list shows of each user, no more: a non-administrator sees other parties without their username
      const byId = new Map(listed.map((u) => [u.id, u]));
      for (const row of rows) expect(row[1] === '').toBe(!byId.get(Number(row[0])).username);
      if (role === 'despachante') expect(rows.filter((r) => r[1] !== '').map((r) => Number(r[0]))).toEqual([(await me(role)).id]);
      else expect(rows.filter((r) => r[1] !== '').every((r) => /^\d{3}\.\d{3}\.\d{3}-\d{2}$|^[0-9A-Z.]+\/[0-9A-Z]{4}-\d{2}$/.test(r[1]))).toBe(true);
    }
  });

  it('dispatchers asked by documentId (the Despachantes screen): the admin gets them, a concessionária none (its scope)', async () => {
    const where = { type: { $in: ['dispatcher', 'dispacher'] } };
    const dispatchers = await listAll('admin', '/companies', { filters: where, sort: ['trade_name:asc'] });
    expect(dispatchers.length).toBeGreaterThan(0);
    const query = { filters: { $and: [where, { documentId: { $in: dispatchers.map((d) => d.documentId) } }] }, sort: ['trade_name:asc'] };
    const columns: Column[] = [
      { header: 'Nome fantasia', value: ['trade_name'] },
      { header: 'CNPJ', value: ['cnpj'], format: 'document' },
    ];
    const admin = csvRows((await exportFile('admin', '/companies', query, { format: 'csv', name: 'Despachantes', columns })).text, columns);
    expect(admin.map((r) => r[0])).toEqual(dispatchers.map((d) => d.trade_name));
    const dealership = await exportFile('concessionaria', '/companies', query, { format: 'csv', name: 'Despachantes', columns });
    expect(dealership.status).toBe(200);
    expect(csvRows(dealership.text, columns)).toEqual([]);
  });

  it("document types as despachante: only its own, the parties by name or '-'", async () => {
    const query = { sort: ['name:asc'], populate: ['user_dispatcher_id', 'user_company_id'] };
    const listed = await listAll('despachante', '/document-types', query);
    const columns: Column[] = [
      { header: 'Nome', value: ['name'] },
      { header: 'Despachante', value: ['user_dispatcher_id'], format: 'person', fallback: '-' },
      { header: 'Despachante (id)', value: ['user_dispatcher_id.id'], format: 'integer' },
    ];
    const rows = csvRows((await exportFile('despachante', '/document-types', query, { format: 'csv', name: 'Tipos de Documento', columns })).text, columns);
    expect(rows.map((r) => r[0])).toEqual(listed.map((t) => t.name));
    const mine = (await me('despachante')).id;
    expect(rows.every((r) => Number(r[2]) === mine && r[1] !== '')).toBe(true);
  });

  it('a vendedor without receivable find gets 403, an anonymous caller too', async () => {
    const spec = { format: 'csv' as const, columns: RECEIVABLE_COLUMNS };
    expect((await exportFile('vendedor', '/receivables', RECEIVABLE_QUERY, spec)).status).toBe(403);
    expect((await exportFile(null, '/sales-orders', {}, spec)).status).toBe(403);
  });
});

describe('export: the XLSX file', () => {
  it('holds the same rows, typed: numbers, BRL amounts, dates', async () => {
    const listed = await listAll('admin', '/sales-orders', ORDER_QUERY);
    const answer = await exportFile('admin', '/sales-orders', ORDER_QUERY, { format: 'xlsx', name: 'Pedidos', columns: ORDER_COLUMNS });
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(answer.headers.get('content-disposition')).toMatch(/filename="pedidos-\d{4}-\d{2}-\d{2}\.xlsx"/);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(answer.bytes as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0];
    expect(sheet.name).toBe('Pedidos');
    expect((sheet.getRow(1).values as unknown[]).slice(1)).toEqual(ORDER_COLUMNS.map((c) => c.header));
    expect(sheet.getRow(1).getCell(1).font?.bold).toBe(true);
    expect(sheet.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
    expect(sheet.rowCount).toBe(listed.length + 1);
    const byId = new Map(listed.map((o) => [o.id, o]));
    for (let i = 2; i <= sheet.rowCount; i++) {
      const row = sheet.getRow(i);
      const order = byId.get(row.getCell(1).value as number);
      expect(order).toBeDefined();
      const date = row.getCell(2).value as Date;
      expect(date).toBeInstanceOf(Date);
      expect(date.toISOString().slice(0, 10).split('-').reverse().join('/')).toBe(saoPauloDay(order.billing_date));
      expect(row.getCell(2).numFmt).toBe('dd/mm/yyyy');
      expect(row.getCell(5).value).toBe(Number(order.current_amount));
      expect(row.getCell(5).numFmt).toBe('"R$" #,##0.00');
    }
  });

  it('a lookup list (states) with its filter and sort', async () => {
    const query = { filters: { name: { $containsi: 'a' } }, sort: ['abbreviation:desc'] };
    const listed = await listAll('vendedor', '/states', query);
    const answer = await exportFile('vendedor', '/states', query, {
      format: 'xlsx',
      name: 'Estados',
      columns: [
        { header: 'Sigla', value: ['abbreviation'] },
        { header: 'Criado em', value: ['createdAt'], format: 'date' },
      ],
    });
    expect(answer.status).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(answer.bytes as unknown as ArrayBuffer);
    const values = workbook.worksheets[0].getColumn(1).values.slice(2);
    expect(values).toEqual(listed.map((s) => s.abbreviation));
  });
});

describe('export: bad input is a 400 in Portuguese', () => {
  const spec = { format: 'csv' as const, columns: ORDER_COLUMNS };
  it.each([
    ['a malformed filter', { filters: { $or: 'x' } }, /^Filtro inválido/],
    ['an unknown field', { filters: { nope: { $eq: 1 } } }, /./],
    ['an unknown parameter', { whatever: '1' }, /./],
  ])('%s', async (_name, query, message) => {
    const answer = await exportFile('admin', '/sales-orders', query, spec);
    expect(answer.status).toBe(400);
    expect(answer.error?.message).toMatch(message);
  });

  it.each([
    ['no export parameter', '', /^Exportação inválida: informe o parâmetro export/],
    ['not JSON', '{', /^Exportação inválida: o parâmetro export não é um JSON válido/],
    ['an unknown format', JSON.stringify({ format: 'pdf', name: 'x', columns: ORDER_COLUMNS }), /^Exportação inválida: format: Opção inválida/],
    [
      'a path into the prototype',
      JSON.stringify({ format: 'csv', name: 'x', columns: [{ header: 'x', value: ['__proto__.x'] }] }),
      /caminho de campo inválido/,
    ],
    ['an unknown time zone', JSON.stringify({ format: 'csv', name: 'x', timeZone: 'Mars/Base', columns: ORDER_COLUMNS }), /fuso horário desconhecido/],
  ])('%s', async (_name, raw, message) => {
    const answer = await exportFile('admin', '/sales-orders', {}, raw);
    expect(answer.status).toBe(400);
    expect(answer.error?.message).toMatch(message);
  });
});
