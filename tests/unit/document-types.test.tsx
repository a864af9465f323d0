import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { NOTHING_OFFLINE_TEXT } from '@/components/layout/list';
import { fetchDocumentTypeRecords } from '@/features/document-types/api';
import {
  INVALID_COMPANY,
  INVALID_DISPATCHER,
  documentTypeFormSchema,
  documentTypeFormToPayload,
  documentTypeToForm,
  partyName,
} from '@/features/document-types/schema';
import { renderRoute } from './helpers/render-route';

/** Document types (spec 000 §2.10, §5 "Document type form", §7, §8). */
describe('document type form schema', () => {
  const schema = documentTypeFormSchema(new Set([2, 5]), new Set([3]));
  const messages = (values: { name: string; user_dispatcher_id: string; user_company_id: string }) => {
    const result = schema.safeParse(values);
    return result.success ? [] : result.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
  };

  it('needs both parties and a name, and both ids in the loaded lists', () => {
    expect(messages({ name: '', user_dispatcher_id: '', user_company_id: '' })).toEqual([
      'name: Nome é obrigatório',
      'user_dispatcher_id: Selecione um despachante.',
      'user_company_id: Selecione uma concessionária.',
    ]);
    expect(messages({ name: 'CNH', user_dispatcher_id: '9', user_company_id: '4' })).toEqual([
      `user_dispatcher_id: ${INVALID_DISPATCHER}`,
      `user_company_id: ${INVALID_COMPANY}`,
    ]);
    expect(INVALID_DISPATCHER).toBe('Despachante selecionado é inválido. Selecione uma opção válida.');
    expect(INVALID_COMPANY).toBe('Concessionária selecionada é inválida. Selecione uma opção válida.');
    expect(messages({ name: 'CNH', user_dispatcher_id: '5', user_company_id: '3' })).toEqual([]);
  });

  it('sends {name, user_dispatcher_id, user_company_id} with numeric ids; loads populated or bare relations', () => {
    expect(documentTypeFormToPayload({ name: ' CRLV ', user_dispatcher_id: '2', user_company_id: '3' })).toEqual({
      name: 'CRLV',
      user_dispatcher_id: 2,
      user_company_id: 3,
    });
    const record = { id: 1, documentId: 'abc', name: 'CNH', user_dispatcher_id: { id: 2, name: 'Desp' }, user_company_id: 3 };
    expect(documentTypeToForm(record)).toEqual({ name: 'CNH', user_dispatcher_id: '2', user_company_id: '3' });
    expect(partyName({ id: 3, name: null, trade_name: 'Avenida' })).toBe('Avenida');
    expect(partyName(null)).toBe('-');
  });
});

const serverError = () =>
  vi.stubGlobal('fetch', async () =>
    Response.json({ data: null, error: { status: 500, name: 'InternalServerError', message: 'Falha simulada' } }, { status: 500 }),
  );

describe('/document-type over the real route tree (the server answers every call with a failure)', () => {
  afterEach(() => vi.unstubAllGlobals());
  it('shows the empty text and the list error; the new modal reports both select failures and keeps Salvar disabled', async () => {
    serverError();
    await renderRoute('/document-type/new', { permissions: {} });
    expect(await screen.findByRole('heading', { name: 'Tipos de Documento', hidden: true })).toBeInTheDocument();
    expect(await screen.findByText('Nenhum tipo de documento cadastrado.')).toBeInTheDocument();
    expect(await screen.findByText('Erro ao buscar tipos de documento.')).toBeInTheDocument();
    const dialog = within(await screen.findByRole('dialog', { name: 'Novo Tipo de Documento' }));
    expect(dialog.getByLabelText(/Despachante/)).toBeInTheDocument();
    expect(dialog.getByLabelText(/Concessionária/)).toBeInTheDocument();
    expect(dialog.getByLabelText(/Nome/)).toBeInTheDocument();
    expect(dialog.getByRole('button', { name: 'Cancelar' })).toBeInTheDocument();
    expect(dialog.getByRole('button', { name: 'Salvar' })).toBeDisabled();
    expect(await screen.findByText('Erro ao buscar despachantes.')).toBeInTheDocument();
    expect(await screen.findByText('Erro ao buscar concessionárias.')).toBeInTheDocument();
  }, 30_000);

  it('with no answer at all (no server, as offline) and nothing cached, says there is nothing offline, not the empty text', async () => {
    await renderRoute('/document-type', { permissions: {} });
    expect(await screen.findByText(NOTHING_OFFLINE_TEXT)).toBeInTheDocument();
    expect(screen.queryByText('Nenhum tipo de documento cadastrado.')).toBeNull();
  }, 30_000);
});

describe('document type list fallbacks (spec 000 §7 "GET /document-types")', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('a failed filtered call and a failed populate=* fall back to the relations populate, filtered here', async () => {
    const calls: string[] = [];
    const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL) => {
        const url = decodeURIComponent(String(input instanceof Request ? input.url : input));
        calls.push(url);
        if (url.includes('filters[user_company_id]') || url.includes('populate=*')) return json({ error: { status: 500, message: 'falhou' } }, 500);
        return json({
          data: [
            { id: 1, documentId: 'a', name: 'CNH', user_dispatcher_id: { id: 2, name: 'Desp' }, user_company_id: { id: 3, name: 'Loja' } },
            { id: 2, documentId: 'b', name: 'CRLV', user_dispatcher_id: { id: 2, name: 'Desp' }, user_company_id: { id: 9, name: 'Outra' } },
          ],
        });
      }),
    );
    const rows = await fetchDocumentTypeRecords(3);
    expect(rows.map((r) => r.name)).toEqual(['CNH']);
    expect(calls).toHaveLength(3);
    expect(calls[0]).toContain('filters[user_company_id][id][$eq]=3');
    expect(calls[1]).toContain('populate=*');
    expect(calls[2]).toContain('populate[0]=user_dispatcher_id');
  });
});
