import { describe, expect, it } from 'vitest';
import qs from 'qs';
import {
  receivableFormSchema,
  newReceivableDefaults,
  receivableFormToPayload,
  receivableSchema,
  receivableToForm,
  receivableSearchSchema,
} from '@/features/receivables/schema';
import { receivableListQuery } from '@/features/receivables/strapi-query';

const qsOf = (q: Record<string, unknown>) => decodeURIComponent(qs.stringify(q, { encodeValuesOnly: true, skipNulls: true }));

const valid = () => ({
  ...newReceivableDefaults(new Date('2026-11-21T12:00:00Z')),
  document_number: 'NF-1',
  amount_original: 15000,
  sales_order: 42,
  despachante: 7,
  concessionaria: 5,
  cpf_cnpj_cliente: '111.444.777-35',
});

function messages(values: unknown): Record<string, string> {
  const r = receivableFormSchema.safeParse(values);
  if (r.success) return {};
  return Object.fromEntries(r.error.issues.map((i) => [i.path.join('.'), i.message]));
}

describe('receivable form schema (spec 001 §5)', () => {
  it('accepts a complete form', () => {
    expect(messages(valid())).toEqual({});
  });
  it('gives every required-field message of the spec on an empty new form', () => {
    expect(messages({ ...newReceivableDefaults(), payment_date: '' })).toEqual({
      document_number: 'Número do documento é obrigatório',
      amount_original: 'Valor deve ser maior que zero',
      payment_date: 'Data de pagamento é obrigatória',
      sales_order: 'Selecione um item válido',
      despachante: 'Selecione um item válido',
      cpf_cnpj_cliente: 'CPF/CNPJ obrigatório',
      concessionaria: 'Selecione um item válido',
    });
  });
  it('refuses negative final value and tax, long card fields, bad instalments', () => {
    expect(messages({ ...valid(), amount_final: -1, tax: -1, card_last4: '12345', card_brand: 'x'.repeat(51), installments: 1.5 })).toEqual({
      amount_final: 'Valor final não pode ser negativo',
      tax: 'Taxa não pode ser negativa',
      card_last4: 'Informe no máximo 4 dígitos',
      card_brand: 'Bandeira do cartão deve ter no máximo 50 caracteres',
      installments: 'Número de parcelas deve ser um número inteiro',
    });
    expect(messages({ ...valid(), installments: -1 }).installments).toBe('Número de parcelas não pode ser negativo');
  });
  it('defaults: pending, payment date now, 0 instalments, method Nenhum', () => {
    const d = newReceivableDefaults(new Date('2026-11-21T12:00:00Z'));
    expect(d).toMatchObject({ status_in: 'pending', payment_date: '2026-11-21T12:00:00.000Z', installments: 0, payment_method_id: null });
  });
  it('sends reais and maps despachante/concessionaria to user_*_id', () => {
    const p = receivableFormToPayload({ ...valid(), amount_final: 14550, tax: 450, card_last4: '' });
    expect(p).toMatchObject({
      amount_original: 150,
      amount_final: 145.5,
      tax: 4.5,
      user_dispatcher_id: 7,
      user_company_id: 5,
      sales_order: 42,
      pedido_id: 42,
      cpf_cnpj_cliente: '11144477735',
      card_last4: null,
    });
  });
  it('reads an API record into the form in centavos', () => {
    const r = receivableSchema.parse({
      id: 1,
      documentId: 'r1',
      amount_original: '99.99',
      amount_final: 99.99,
      tax: null,
      status_in: 'strange',
      sales_order: { id: 42, documentId: 'o42' },
      user_dispatcher_id: { id: 7, username: 'd' },
      user_company_id: 5,
      payment_method_id: null,
      installments: 3,
      payment_date: '2026-11-21T12:00:00.000Z',
    });
    expect(receivableToForm(r)).toMatchObject({
      amount_original: 9999,
      amount_final: 9999,
      tax: 0,
      status_in: 'pending',
      sales_order: 42,
      despachante: 7,
      concessionaria: 5,
      payment_method_id: null,
    });
  });
});

describe('receivable list query (spec 001 §2, §7)', () => {
  it('defaults to page size 25 and populates the four relations', () => {
    const s = qsOf(receivableListQuery({}));
    expect(s).toContain('pagination[page]=1&pagination[pageSize]=25');
    for (const rel of ['payment_method_id', 'sales_order', 'user_dispatcher_id', 'user_company_id']) expect(s).toContain(`=${rel}`);
  });
  it('filters dispatcher and company names separately', () => {
    const s = qsOf(receivableListQuery({ dispatcher: 'ana', company: 'loja' }));
    expect(s).toContain('filters[$and][0][$or][0][user_dispatcher_id][name][$containsi]=ana');
    expect(s).toContain('filters[$and][0][$or][2][user_dispatcher_id][email][$containsi]=ana');
    expect(s).toContain('filters[$and][1][$or][1][user_company_id][username][$containsi]=loja');
  });
  it('maps status, method, payment day, brand, instalments and sort', () => {
    const s = qsOf(
      receivableListQuery(
        receivableSearchSchema.parse({
          status: 'reversed',
          payment_method: '2',
          payment_date: '2026-11-21',
          card_brand: 'visa',
          installments: '0',
          sort: 'payment_date',
          dir: 'desc',
          amount: '150,00',
        }),
      ),
    );
    expect(s).toContain('[status_in][$eq]=reversed');
    expect(s).toContain('[payment_method_id][id][$eq]=2');
    expect(s).toContain('[payment_date][$gte]=');
    expect(s).toContain('[payment_date][$lte]=');
    expect(s).toContain('[card_brand][$containsi]=visa');
    expect(s).toContain('[installments][$eq]=0');
    expect(s).toContain('[amount_original][$eq]=150');
    expect(s).toContain('sort[0]=payment_date:desc');
  });
  it('ORs the free text across §7 fields', () => {
    const s = qsOf(receivableListQuery({ q: '1234' }));
    for (const f of [
      '[document_number][$containsi]=1234',
      '[documentId][$containsi]=1234',
      '[payment_method_id][name][$containsi]=1234',
      '[user_company_id][name][$containsi]=1234',
      '[user_dispatcher_id][name][$containsi]=1234',
      '[card_brand][$containsi]=1234',
      '[cpf_cnpj_cliente][$containsi]=1234',
      '[card_last4][$containsi]=1234',
      '[pedido_id][$eq]=1234',
      '[installments][$eq]=1234',
      '[amount_original][$eq]=1234',
    ]) {
      expect(s).toContain(f);
    }
  });
  it('rejects a bad status in the URL as Todos', () => {
    expect(receivableSearchSchema.parse({ status: 'x' }).status).toBeUndefined();
  });
});
