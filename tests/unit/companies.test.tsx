import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { companyResource } from '@/features/companies/resource';
import { resourceListQuery } from '@/lib/api/list-query';
import { companyFormSchema, companyFormToPayload, companyStateLabel, companyToForm, type CompanyFormValues } from '@/features/companies/schema';
import { can, renderRoute } from './helpers/render-route';

/** Dealerships (spec 001 §2 "Dealerships (companies)", §5 "Company form", §7 "Companies", §9). */
const valid: CompanyFormValues = {
  ...companyToForm(),
  trade_name: 'Auto Center Sul',
  cnpj: '11222333000181',
  address_state_id: 3,
};
const messages = (values: Partial<CompanyFormValues>) => {
  const result = companyFormSchema.safeParse({ ...valid, ...values });
  return result.success ? [] : result.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
};

describe('company form schema', () => {
  it('a new company is Ativa, with no state chosen', () => {
    expect(companyToForm()).toMatchObject({ is_active: true, address_state_id: 0, cnpj: '' });
    expect(messages({})).toEqual([]);
  });

  it('gives the messages of section 5', () => {
    expect(messages({ trade_name: ' A ', cnpj: '', address_state_id: 0 })).toEqual([
      'trade_name: Nome fantasia é obrigatório',
      'cnpj: CNPJ é obrigatório',
      'address_state_id: Estado é obrigatório',
    ]);
    expect(messages({ cnpj: '1122233300018' })).toEqual(['cnpj: CNPJ inválido']);
    expect(messages({ cnpj: '11222333000182' })).toEqual(['cnpj: CNPJ inválido']); // wrong check digit
    expect(messages({ email: 'nao-e-email' })).toEqual(['email: Email inválido']);
    expect(messages({ phone_number: '119999' })).toEqual(['phone_number: Telefone inválido']);
    expect(messages({ address_postal_code: '0131' })).toEqual(['address_postal_code: CEP inválido']);
    expect(messages({ trade_name: 'x'.repeat(151), address_number: '12345678901' })).toEqual([
      'trade_name: Nome fantasia deve ter no máximo 150 caracteres',
      'address_number: Número deve ter no máximo 10 caracteres',
    ]);
  });

  it('accepts the alphanumeric CNPJ of 2026 (upper case) and landlines and mobiles', () => {
    expect(messages({ cnpj: '12ABC34501DE35' })).toEqual([]);
    expect(messages({ cnpj: '12ABC34501DE36' })).toEqual(['cnpj: CNPJ inválido']);
    expect(messages({ phone_number: '1133334444' })).toEqual([]);
    expect(messages({ phone_number: '11999998888', address_postal_code: '01310100', email: 'loja@exemplo.com.br' })).toEqual([]);
  });

  it('sends bare values, empty optional texts as null and the state as its id', () => {
    expect(companyFormToPayload({ ...valid, cnpj: '12abc34501de35', legal_name: ' ', phone_number: '11999998888' })).toEqual({
      trade_name: 'Auto Center Sul',
      legal_name: null,
      cnpj: '12ABC34501DE35',
      email: null,
      phone_number: '11999998888',
      address_street: null,
      address_number: null,
      address_postal_code: null,
      address_city: null,
      address_state_id: 3,
      is_active: true,
    });
  });

  it('reads a loaded company back into the form (masked leftovers stripped)', () => {
    const form = companyToForm({
      id: 1,
      documentId: 'abc',
      trade_name: 'Loja',
      cnpj: '11.222.333/0001-81',
      phone_number: '(11) 3333-4444',
      address_postal_code: '01310-100',
      address_state_id: { id: 9, name: 'São Paulo', abbreviation: 'SP' },
      is_active: false,
    });
    expect(form).toMatchObject({ cnpj: '11222333000181', phone_number: '1133334444', address_postal_code: '01310100', address_state_id: 9, is_active: false });
    expect(companyStateLabel({ address_state_id: { id: 9, name: 'São Paulo', abbreviation: 'SP' } })).toBe('SP');
    expect(companyStateLabel({ address_state_id: { id: 9, name: 'São Paulo', abbreviation: '' } })).toBe('São Paulo');
  });

  it('lists dealerships only, with the state populated, id and is_active $eq and the texts $containsi', () => {
    expect(
      resourceListQuery(companyResource, {
        page: 1,
        pageSize: 10,
        sort: 'trade_name:desc',
        filters: { id: '4', trade_name: 'sul', address_city: 'porto', is_active: 'false' },
      }),
    ).toEqual({
      pagination: { page: 1, pageSize: 10 },
      sort: ['trade_name:desc'],
      populate: ['address_state_id'],
      filters: {
        id: { $eq: '4' },
        trade_name: { $containsi: 'sul' },
        address_city: { $containsi: 'porto' },
        is_active: { $eq: false },
        type: { $eq: 'company' },
      },
    });
  });
});

describe('dealership screens over the real route tree', () => {
  it('/company/new masks the CNPJ, phone and CEP as typed and shows the section 5 messages on submit', async () => {
    await renderRoute('/company/new', { permissions: can('company', ['find', 'findOne', 'create']) });
    expect(await screen.findByRole('heading', { name: 'Nova concessionária' })).toBeInTheDocument();
    const user = userEvent.setup();
    await user.type(screen.getByLabelText(/CNPJ/), '12abc34501de35');
    expect(screen.getByLabelText(/CNPJ/)).toHaveValue('12.ABC.345/01DE-35');
    await user.type(screen.getByLabelText(/Telefone/), '11999998888');
    expect(screen.getByLabelText(/Telefone/)).toHaveValue('(11) 99999-8888');
    await user.type(screen.getByLabelText(/CEP/), '0131');
    expect(screen.getByLabelText(/CEP/)).toHaveValue('0131');
    expect(screen.getByRole('switch', { name: 'Ativa' })).toBeChecked();
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText('Nome fantasia é obrigatório')).toBeInTheDocument();
    expect(screen.getByText('CEP inválido')).toBeInTheDocument();
    expect(screen.getByText('Estado é obrigatório')).toBeInTheDocument();
    expect(screen.queryByText('CNPJ inválido')).toBeNull();
  });

  it('/companies offers Novo only with company create', async () => {
    await renderRoute('/companies', { permissions: can('company', ['find']) });
    expect(await screen.findByRole('heading', { name: 'Concessionárias' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /Novo/ })).toBeNull();
  });
});
