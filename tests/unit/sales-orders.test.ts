import { describe, expect, it } from 'vitest';
import qs from 'qs';
import { ApiError } from '@/lib/api/errors';
import { failureToast } from '@/lib/api/feedback';
import { orderStatusBadge, paymentStatusBadge, normalizeOrderStatus, ORDER_STATUS_OPTIONS } from '@/shared/order-status';
import { receivableStatusBadge } from '@/features/receivables/status';
import {
  salesOrderSchema,
  salesOrderFormSchema,
  salesOrderSearchSchema,
  salesOrderFormToPayload,
  salesOrderToForm,
  newSalesOrderDefaults,
  orderDispatcherName,
} from '@/features/sales-orders/schema';
import { orderPaymentSchema } from '@/features/order-payments/schema';
import { orderDocumentsQuery } from '@/features/order-documents/api';
import { salesOrderListQuery } from '@/features/sales-orders/strapi-query';
import { dayBoundaryIso, textAsReais } from '@/lib/api/filters';
import { documentTypesQuery } from '@/shared/document-types';
import {
  methodAllowsInstallments,
  installmentOptions,
  effectiveInstallments,
  validateNewPayment,
  buildNewPaymentPayload,
  paymentActions,
  paymentPage,
  installmentValueText,
} from '@/features/order-payments/payments';
import { documentTypeRows, isAcceptedFile, signedUrlErrorMessage, DELETE_DOCUMENT_FEEDBACK, findDocumentType } from '@/features/order-documents/documents';

const plain = (s: string) => s.replace(/\u00a0/g, ' ');
/** The query string the client sends (same qs options as src/lib/api/client.ts), decoded for reading. */
const qsOf = (q: Record<string, unknown>) => decodeURIComponent(qs.stringify(q, { encodeValuesOnly: true, skipNulls: true }));

describe('status labels', () => {
  it('labels the five order statuses', () => {
    expect(ORDER_STATUS_OPTIONS.map((o) => o.label)).toEqual(['Autorizado', 'Pendente', 'Negado', 'Pago', 'Estornado']);
    expect(orderStatusBadge('authorized').label).toBe('Autorizado');
    expect(orderStatusBadge('reversed').label).toBe('Estornado');
  });
  it('treats an unknown order status as pending', () => {
    expect(normalizeOrderStatus('bogus')).toBe('pending');
    expect(orderStatusBadge('bogus').label).toBe('Pendente');
  });
  it('shows Indefinido for an empty payment status and the raw value for others', () => {
    expect(paymentStatusBadge('').label).toBe('Indefinido');
    expect(paymentStatusBadge(null).label).toBe('Indefinido');
    expect(paymentStatusBadge('chargeback').label).toBe('chargeback');
    expect(paymentStatusBadge('paid').label).toBe('Pago');
    expect(paymentStatusBadge('denied').label).toBe('Negado');
  });
  it("says 'Revertido' for a reversed receivable in the list only", () => {
    expect(receivableStatusBadge('reversed', 'list').label).toBe('Revertido');
    expect(receivableStatusBadge('reversed').label).toBe('Estornado');
    expect(receivableStatusBadge('paid', 'list').label).toBe('Pago');
    expect(receivableStatusBadge('weird', 'list').label).toBe('Pendente');
  });
});

const apiOrder = {
  id: 42,
  documentId: 'abc123',
  status_in: 'paid',
  billing_date: '2026-11-20T14:00:00.000Z',
  vehicle_price: '85000.5',
  original_amount: 1200.1,
  current_amount: 0.29,
  is_vehicle_financed: true,
  is_vehicle_special_plate: null,
  user_id: { id: 9, username: 'vendedor', name: 'Vera Vendedora' },
  customer_id: { id: 3, name: 'Cliente', cpf_cnpj: '11144477735' },
  user_company_id: { id: 5, username: 'loja', name: 'Loja Centro' },
  user_dispatcher_id: null,
  vehicle_documentation_company_id: { id: 2, trade_name: 'Despachante Rápido' },
  vehicle_type_id: 4,
};

describe('sales order record schema', () => {
  it('parses money to centavos and accepts bare relation ids', () => {
    const o = salesOrderSchema.parse(apiOrder);
    expect(o.vehicle_price).toBe(8500050);
    expect(o.original_amount).toBe(120010);
    expect(o.current_amount).toBe(29);
    expect(o.vehicle_type_id).toEqual({ id: 4 });
  });
  it('falls back to the documentation company for the dispatcher name', () => {
    const o = salesOrderSchema.parse(apiOrder);
    expect(orderDispatcherName(o)).toBe('Despachante Rápido');
    const withUser = salesOrderSchema.parse({ ...apiOrder, user_dispatcher_id: { id: 7, username: 'desp', name: 'Dário' } });
    expect(orderDispatcherName(withUser)).toBe('Dário');
  });
  it('round-trips form values to a reais payload', () => {
    const form = salesOrderToForm(salesOrderSchema.parse({ ...apiOrder, status_in: 'nonsense' }));
    expect(form.status_in).toBe('pending');
    expect(form.vehicle_price).toBe(8500050);
    const payload = salesOrderFormToPayload(form);
    expect(payload.vehicle_price).toBe(85000.5);
    expect(payload.current_amount).toBe(0.29);
    expect(payload.user_dispatcher_id).toBeNull();
    expect(payload.is_vehicle_special_plate).toBe(false);
  });
  it('parses a payment row keeping the raw status', () => {
    const p = orderPaymentSchema.parse({
      id: 1,
      documentId: 'p1',
      status_in: '',
      amount_original: '100.00',
      amount_final: null,
      payment_method_id: { id: 2, name: 'PIX' },
    });
    expect(p.amount_original).toBe(10000);
    expect(p.amount_final).toBe(0);
    expect(p.status_in).toBe('');
  });
});

describe('sales order form schema', () => {
  it('requires the billing date with the spec message', () => {
    const r = salesOrderFormSchema.safeParse({ ...newSalesOrderDefaults(), billing_date: '' });
    expect(r.success).toBe(false);
    expect(r.error?.issues[0]?.message).toBe('Data de faturamento é obrigatória');
  });
  it('defaults to pending, today and zero amounts', () => {
    const d = newSalesOrderDefaults(new Date('2026-11-21T10:00:00Z'));
    expect(d).toMatchObject({ status_in: 'pending', vehicle_price: 0, is_vehicle_financed: false, billing_date: '2026-11-21T10:00:00.000Z' });
    expect(salesOrderFormSchema.safeParse(d).success).toBe(true);
  });
  it('refuses negative amounts', () => {
    const r = salesOrderFormSchema.safeParse({ ...newSalesOrderDefaults(), current_amount: -1 });
    expect(r.success).toBe(false);
  });
});

describe('sales order list search and query', () => {
  it('drops bad search values instead of failing', () => {
    expect(salesOrderSearchSchema.parse({ page: 'x', status: 'nope', sort: 'evil', from: '21/11/2026' })).toEqual({});
    expect(salesOrderSearchSchema.parse({ page: '3', pageSize: '20', status: 'paid', sort: 'billing_date', dir: 'desc' })).toEqual({
      page: 3,
      pageSize: 20,
      status: 'paid',
      sort: 'billing_date',
      dir: 'desc',
    });
  });
  it('uses start and end of the local day for the date range', () => {
    const from = dayBoundaryIso('2026-11-01', 'start')!;
    const to = dayBoundaryIso('2026-11-30', 'end')!;
    expect(new Date(from).getHours()).toBe(0);
    expect(new Date(to).getHours()).toBe(23);
    expect(new Date(to).getMinutes()).toBe(59);
    expect(new Date(to).getMilliseconds()).toBe(999);
    const q = salesOrderListQuery({ from: '2026-11-01', to: '2026-11-30', status: 'paid' });
    const s = qsOf(q);
    expect(s).toContain(`filters[$and][0][billing_date][$gte]=${from}`);
    expect(s).toContain(`filters[$and][0][billing_date][$lte]=${to}`);
    expect(s).toContain('filters[$and][1][status_in][$eq]=paid');
    expect(s).toContain('populate=*');
    expect(s).toContain('pagination[page]=1&pagination[pageSize]=10');
  });
  it('sorts as sort[0]=field:dir with asc by default', () => {
    expect(qsOf(salesOrderListQuery({ sort: 'current_amount' }))).toContain('sort[0]=current_amount:asc');
    expect(qsOf(salesOrderListQuery({ sort: 'id', dir: 'desc' }))).toContain('sort[0]=id:desc');
    expect(salesOrderListQuery({}).sort).toBeUndefined();
  });
  it('ORs the free text across the fields of §7 and numeric matches', () => {
    const s = qsOf(salesOrderListQuery({ q: '150' }));
    for (const field of [
      '[documentId][$containsi]=150',
      '[status_in][$containsi]=150',
      '[customer_id][cpf_cnpj][$containsi]=150',
      '[customer_id][name][$containsi]=150',
      '[user_id][username][$containsi]=150',
      '[user_company_id][name][$containsi]=150',
      '[user_dispatcher_id][name][$containsi]=150',
      '[id][$eq]=150',
      '[original_amount][$eq]=150',
      '[current_amount][$eq]=150',
    ]) {
      expect(s).toContain(field);
    }
    expect(s).toContain('filters[$and][0][$or][0]');
  });
  it('matches a status label typed in the free text', () => {
    expect(qsOf(salesOrderListQuery({ q: 'estornado' }))).toContain('[status_in][$eq]=reversed');
  });
  it('filters customer CPF/CNPJ by its digits and people by name/username/email', () => {
    const s = qsOf(salesOrderListQuery({ customer: '111.444.777-35', seller: 'vera', id: 7 }));
    expect(s).toContain('[customer_id][cpf_cnpj][$containsi]=11144477735');
    expect(s).toContain('[user_id][name][$containsi]=vera');
    expect(s).toContain('[user_id][username][$containsi]=vera');
    expect(s).toContain('filters[$and][0][id][$eq]=7');
  });
  it('reads amounts typed in the free text', () => {
    expect(textAsReais('1.500,50')).toBe(1500.5);
    expect(textAsReais('150,5')).toBe(150.5);
    expect(textAsReais('150.25')).toBe(150.25);
    expect(textAsReais('abc')).toBeUndefined();
  });
  it('builds the documents and document types queries of §7', () => {
    expect(qsOf(orderDocumentsQuery(42, 1700))).toBe('filters[sales_order][id][$eq]=42&populate=*&pagination[pageSize]=100&_t=1700');
    expect(qsOf(documentTypesQuery(5))).toContain('filters[user_company_id][id][$eq]=5');
    expect(qsOf(documentTypesQuery(null))).not.toContain('filters');
  });
});

describe('new payment rules', () => {
  it('allows instalments only for card or credit methods, accent-insensitively', () => {
    expect(methodAllowsInstallments('Cartão de crédito')).toBe(true);
    expect(methodAllowsInstallments('CARTAO DEBITO')).toBe(true);
    expect(methodAllowsInstallments('Crédito consignado')).toBe(true);
    expect(methodAllowsInstallments('PIX')).toBe(false);
    expect(methodAllowsInstallments('Boleto bancário')).toBe(false);
    expect(methodAllowsInstallments(undefined)).toBe(false);
  });
  it('offers 1–12 sem juros, 1 = À vista, for credit; only À vista otherwise', () => {
    const credit = installmentOptions('Cartão de crédito');
    expect(credit).toHaveLength(12);
    expect(credit[0]).toEqual({ value: 1, label: 'À vista' });
    expect(credit[2]).toEqual({ value: 3, label: '3x sem juros' });
    expect(credit[11]?.label).toBe('12x sem juros');
    expect(installmentOptions('PIX')).toEqual([{ value: 1, label: 'À vista' }]);
  });
  it('forces 1 instalment for other methods', () => {
    expect(effectiveInstallments('PIX', 6)).toBe(1);
    expect(effectiveInstallments('Cartão de crédito', 6)).toBe(6);
    expect(effectiveInstallments('Cartão de crédito', 40)).toBe(12);
  });
  it('shows the instalment value exactly', () => {
    expect(plain(installmentValueText(10000, 3))).toBe('R$ 33,34');
    expect(plain(installmentValueText(30000, 3))).toBe('R$ 100,00');
  });
  it('gives the two validation toasts', () => {
    expect(validateNewPayment({ paymentMethodId: 0, amount: 100, installments: 1 })).toEqual({
      title: 'Forma de pagamento inválida',
      description: 'Selecione uma forma de pagamento.',
    });
    expect(validateNewPayment({ paymentMethodId: 1, amount: 0, installments: 1 })).toEqual({
      title: 'Campos obrigatórios',
      description: 'Preencha forma de pagamento, valor e parcelas válidas.',
    });
    expect(validateNewPayment({ paymentMethodId: 1, amount: 100, installments: 0 })?.title).toBe('Campos obrigatórios');
    expect(validateNewPayment({ paymentMethodId: 1, amount: 100, installments: 3 })).toBeNull();
  });
  it('builds the create body: pending, reais, SO-{orderId}-{timestamp}', () => {
    const now = new Date('2026-11-21T12:00:00.000Z');
    expect(buildNewPaymentPayload(42, { paymentMethodId: 2, amount: 150075, installments: 3 }, now)).toEqual({
      pedido_id: 42,
      sales_order: 42,
      payment_method_id: 2,
      amount_original: 1500.75,
      amount_final: 1500.75,
      installments: 3,
      status_in: 'pending',
      payment_date: '2026-11-21T12:00:00.000Z',
      custom_document_id: `SO-42-${now.getTime()}`,
    });
  });
  it('offers register/delete on pending and reverse on paid only', () => {
    expect(paymentActions('pending')).toEqual({ register: true, remove: true, reverse: false });
    expect(paymentActions('paid')).toEqual({ register: false, remove: false, reverse: true });
    expect(paymentActions('reversed')).toEqual({ register: false, remove: false, reverse: false });
  });
  it('clamps the page to the last page and writes the range', () => {
    expect(paymentPage(45, 5, 20)).toMatchObject({ page: 3, start: 40, end: 45, rangeText: '41–45 de 45' });
    expect(paymentPage(45, 1, 10).rangeText).toBe('1–10 de 45');
    expect(paymentPage(0, 3, 10)).toMatchObject({ page: 1, rangeText: '0–0 de 0' });
  });
});

describe('documents card logic', () => {
  const types = [
    { id: 1, name: 'CRLV' },
    { id: 2, name: 'Nota fiscal' },
    { id: 3, name: 'Comprovante de residência' },
  ];
  const doc = (id: number, typeRef: unknown) =>
    ({ id, documentId: `d${id}`, sales_order: { id: 42 }, document_type: typeRef, content: { id: 100 + id, url: `/uploads/f${id}.pdf` } }) as never;

  it('marks a type sent once a document of that type exists', () => {
    const rows = documentTypeRows(types, [doc(1, { id: 2, name: 'Nota fiscal' }), doc(2, { id: 2, name: 'Nota fiscal' })]);
    expect(rows.map((r) => [r.type.name, r.sent, r.documents.length])).toEqual([
      ['CRLV', false, 0],
      ['Nota fiscal', true, 2],
      ['Comprovante de residência', false, 0],
    ]);
  });
  it('nothing is sent when there are no documents', () => {
    const rows = documentTypeRows(types, []);
    expect(rows.map((r) => [r.type.name, r.sent, r.documents.length])).toEqual([
      ['CRLV', false, 0],
      ['Nota fiscal', false, 0],
      ['Comprovante de residência', false, 0],
    ]);
  });
  it('finds a type by name without accents or case', () => {
    expect(findDocumentType(types, 'comprovante de residencia')?.id).toBe(3);
    expect(findDocumentType(types, 'RG')).toBeUndefined();
  });
  it('accepts pdf, png, jpg, jpeg, heic and webp only', () => {
    for (const n of ['a.pdf', 'b.PNG', 'c.jpg', 'd.jpeg', 'e.heic', 'f.webp']) expect(isAcceptedFile({ name: n })).toBe(true);
    for (const n of ['a.docx', 'b.gif', 'c', 'pdf']) expect(isAcceptedFile({ name: n })).toBe(false);
  });
  it('maps signed URL failures to the §8 messages', () => {
    const err = (status: number, message = 'x') => new ApiError({ status, message, hasServerMessage: true });
    expect(signedUrlErrorMessage(err(403))).toBe('Acesso negado: Você não tem permissão para acessar este arquivo');
    expect(signedUrlErrorMessage(err(401))).toBe('Não autenticado: Faça login para acessar este arquivo');
    expect(signedUrlErrorMessage(err(404))).toBe('Arquivo não encontrado no storage');
    expect(signedUrlErrorMessage(err(500, 'boom'))).toBe('Erro ao gerar URL assinada: boom');
  });
  it('maps document delete failures to the §8 messages', () => {
    const err = (status: number, hasServerMessage = false) => new ApiError({ status, message: 'Falhou no servidor', hasServerMessage });
    const text = (e: ApiError) => failureToast(e, { errorTitle: 'Erro ao excluir', ...DELETE_DOCUMENT_FEEDBACK })?.description;
    expect(text(err(403))).toBe('Você não tem permissão para excluir este documento');
    expect(text(err(404))).toBe('Documento não encontrado');
    expect(text(err(401))).toBe('Usuário não autenticado');
    expect(text(err(409, true))).toBe('Falhou no servidor');
    expect(text(err(500))).toBe('Erro ao excluir');
  });
});

describe('document types of an order', () => {
  it("keeps the order dispatcher's types, one per name", async () => {
    const { typesForOrder, documentTypeRows: rowsOf } = await import('@/features/order-documents/documents');
    const all = [
      { id: 1, name: 'CRLV', user_dispatcher_id: { id: 7 } },
      { id: 2, name: 'CNH', user_dispatcher_id: { id: 7 } },
      { id: 3, name: 'CRLV', user_dispatcher_id: { id: 8 } },
    ];
    expect(typesForOrder(all, 8).map((t) => t.id)).toEqual([3]);
    expect(typesForOrder(all, null).map((t) => t.id)).toEqual([1, 2]);
    expect(typesForOrder(all, 99).map((t) => t.id)).toEqual([1, 2]);
    // a document sent under another pair's CRLV still marks CRLV as sent
    const doc = { id: 1, documentId: 'd', sales_order: null, document_type: { id: 3, name: 'CRLV' }, content: null } as never;
    expect(rowsOf(typesForOrder(all, null), [doc]).map((r) => r.sent)).toEqual([true, false]);
  });
});

describe('calendar inputs over datetimes', () => {
  it('shows the local day and keeps the time when the day changes', async () => {
    const { isoToDateInput, dateInputToIso } = await import('@/lib/dates');
    const original = new Date(2026, 10, 20, 14, 35, 0).toISOString();
    expect(isoToDateInput(original)).toBe('2026-11-20');
    const moved = new Date(dateInputToIso('2026-11-05', original));
    expect([moved.getFullYear(), moved.getMonth(), moved.getDate(), moved.getHours(), moved.getMinutes()]).toEqual([2026, 10, 5, 14, 35]);
    expect(dateInputToIso('', original)).toBe('');
    expect(isoToDateInput('nonsense')).toBe('');
  });
});
