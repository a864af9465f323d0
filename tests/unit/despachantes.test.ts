import { describe, expect, it } from 'vitest';
import { companyFormToPayload, companyToForm, dispatcherFormSchema, type CompanyFormValues } from '@/features/companies/schema';
import { filterDispatchers } from '@/features/despachantes/despachante-list';
import { agreementCompanyName, agreementSchema, formatPercent, incentivesSchema } from '@/features/despachantes/schema';

/** Dispatchers (spec 001 §2 "Dispatchers", §5 "Dispatcher form", §3 "Agreement"). */
const valid: CompanyFormValues = { ...companyToForm(), trade_name: 'Despachante Norte', cnpj: '12', address_state_id: 1 };
const messages = (values: Partial<CompanyFormValues>) => {
  const r = dispatcherFormSchema.safeParse({ ...valid, ...values });
  return r.success ? [] : r.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
};

describe('dispatcher form: the looser rules of section 5', () => {
  it('CNPJ 2–18 without check digits, CEP ≤ 10, phone ≤ 20', () => {
    expect(messages({})).toEqual([]);
    expect(messages({ cnpj: '11222333000182', phone_number: '119', address_postal_code: '0131' })).toEqual([]);
    expect(messages({ cnpj: '1' })).toEqual(['cnpj: CNPJ é obrigatório']);
    expect(messages({ cnpj: '1'.repeat(19), phone_number: '1'.repeat(21), address_postal_code: '1'.repeat(11) })).toEqual([
      'cnpj: CNPJ inválido',
      'phone_number: Telefone inválido',
      'address_postal_code: CEP inválido',
    ]);
    expect(messages({ trade_name: 'D', address_state_id: 0, email: 'x@' })).toEqual([
      'trade_name: Nome fantasia é obrigatório',
      'email: Email inválido',
      'address_state_id: Estado é obrigatório',
    ]);
  });

  it('sends the dispatcher rules payload (a short CNPJ kept)', () => {
    expect(companyFormToPayload({ ...valid, cnpj: 'ab' }, 'dispatcher')).toMatchObject({ cnpj: 'AB', address_state_id: 1, is_active: true, email: null });
    expect(() => companyFormToPayload({ ...valid, cnpj: 'ab' })).toThrow(); // a dealership needs a valid CNPJ
  });
});

describe('dispatcher list: free search and local filters', () => {
  const rows = [
    { id: 1, documentId: 'a', trade_name: 'Despachante Paulista', legal_name: 'Paulista Ltda', cnpj: '11222333000181' },
    { id: 2, documentId: 'b', trade_name: 'Despachante Carioca', legal_name: 'Carioca Serviços de Despachante', cnpj: '22333444000192' },
    { id: 3, documentId: 'c', trade_name: 'São João Documentos', legal_name: null, cnpj: '12ABC34501DE35' },
  ];
  const names = (q?: string, filters?: Record<string, string>) => filterDispatchers(rows, q, filters).map((r) => r.documentId);

  it('searches names ignoring accents and case, and CNPJs with or without punctuation', () => {
    expect(names()).toEqual(['a', 'b', 'c']);
    expect(names('CARIOCA')).toEqual(['b']);
    expect(names('sao joao')).toEqual(['c']);
    expect(names('11.222.333')).toEqual(['a']);
    expect(names('12.abc')).toEqual(['c']);
    expect(names('nada disso')).toEqual([]);
  });

  it('applies each local filter to its own field', () => {
    expect(names(undefined, { legal_name: 'serviços' })).toEqual(['b']);
    expect(names(undefined, { trade_name: 'despachante', cnpj: '22.333.444' })).toEqual(['b']);
    expect(names(undefined, { cnpj: '99' })).toEqual([]);
  });
});

describe('agreements', () => {
  it('reads percentages sent as strings, names the dealership by name or username', () => {
    const a = agreementSchema.parse({
      id: 1,
      documentId: 'x',
      user_company_id: { id: 5, name: null, username: '11222333000181', email: 'a@b.com' },
      dispatcher_profit_percentage: '12.50',
      company_profit_percentage: null,
    });
    expect([a.dispatcher_profit_percentage, a.company_profit_percentage]).toEqual([12.5, 0]);
    expect(agreementCompanyName(a)).toBe('11222333000181');
    expect(formatPercent(12.25)).toBe('12,25%');
  });

  it('incentives are percent 0–100', () => {
    expect(incentivesSchema.safeParse({ incentivoDespachante: 0, incentivoConcessionaria: 100 }).success).toBe(true);
    expect(incentivesSchema.safeParse({ incentivoDespachante: -1, incentivoConcessionaria: 101 }).error?.issues.map((i) => i.message)).toEqual([
      'O incentivo deve estar entre 0 e 100',
      'O incentivo deve estar entre 0 e 100',
    ]);
  });
});
