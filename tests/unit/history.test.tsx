import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClientProvider } from '@tanstack/react-query';
import { createQueryClient } from '@/lib/query-client';
import { HistorySection } from '@/features/history/history-section';
import { HistoryEntries } from '@/features/history/history-entries';
import { historyEntrySchema } from '@/features/history/schema';
import { fieldLabel, formatValue } from '@/features/history/labels';
import { validateHistorySearch } from '@/features/history/search';

const RECEIVABLE = 'api::receivable.receivable';
const entry = (id: number, changes: Record<string, { old: unknown; new: unknown }>, action = 'update') => ({
  id,
  documentId: `h${id}`,
  createdAt: '2026-03-04T15:06:00.000Z',
  user_id: 3,
  user_name: 'Despachante Um',
  role_type: 'despachante',
  content_type: RECEIVABLE,
  record_id: 9,
  record_document_id: 'r9',
  parent_document_id: 'o1',
  action,
  changes,
});

/** GET /history-entries answered from two pages; every request recorded. */
function fakeApi() {
  const urls: string[] = [];
  const json = (body: unknown) => new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
  const fetchMock = vi.fn(async (input: RequestInfo | URL) => {
    const url = String(input instanceof Request ? input.url : input);
    urls.push(url);
    const page = Number(new URL(url, 'http://x').searchParams.get('pagination[page]'));
    const pagination = { page, pageSize: 20, pageCount: 2, total: 2 };
    if (page === 1) return json({ data: [entry(2, { amount_original: { old: 100, new: 150.5 } })], meta: { pagination } });
    return json({ data: [entry(1, { status_in: { old: null, new: 'pending' } }, 'create')], meta: { pagination } });
  });
  return { fetchMock, urls };
}

describe('the history of a record', () => {
  let api: ReturnType<typeof fakeApi>;
  beforeEach(() => {
    api = fakeApi();
    vi.stubGlobal('fetch', api.fetchMock);
  });
  afterEach(() => vi.unstubAllGlobals());

  it('opens on demand, newest first, old → new in BRL, and loads more', async () => {
    const client = createQueryClient();
    render(
      <QueryClientProvider client={client}>
        <HistorySection target={{ kind: 'record', type: 'receivable', documentId: 'r9' }} />
      </QueryClientProvider>,
    );
    expect(api.urls).toEqual([]);
    await userEvent.click(screen.getByRole('button', { name: 'Ver histórico' }));
    const first = await screen.findByTestId('history-entry');
    expect(within(first).getByText('Valor Nominal')).toBeTruthy();
    expect(first.textContent).toMatch(/R\$\s100,00 → R\$\s150,50/);
    expect(first.textContent).toContain('Despachante Um (#3)');
    expect(decodeURIComponent(api.urls[0] ?? '')).toContain(
      '/history-entries?record_type=receivable&record_document_id=r9&pagination[page]=1&pagination[pageSize]=20',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Carregar mais' }));
    expect(await screen.findByText('Pendente')).toBeTruthy();
    expect(screen.getAllByTestId('history-entry')).toHaveLength(2);
    expect(screen.queryByRole('button', { name: 'Carregar mais' })).toBeNull();
  });
});

describe('labels and values', () => {
  it('formats as the screens do', () => {
    expect(fieldLabel(RECEIVABLE, 'amount_final')).toBe('Valor Final');
    expect(fieldLabel('plugin::users-permissions.user', 'name')).toBe('Nome completo');
    expect(formatValue(RECEIVABLE, 'status_in', 'reversed')).toBe('Estornado');
    expect(formatValue(RECEIVABLE, 'tax', 12.3)).toMatch(/R\$\s12,30/);
    expect(formatValue('plugin::users-permissions.user', 'birth_date', '1990-05-06')).toBe('06/05/1990');
    expect(formatValue('api::sales-order.sales-order', 'is_vehicle_financed', true)).toBe('Sim');
    expect(formatValue('api::sales-order-document.sales-order-document', 'content', { id: 4, name: 'crlv.pdf' })).toBe('crlv.pdf');
    expect(formatValue(RECEIVABLE, 'card_brand', null)).toBe('—');
    expect(formatValue('api::company-agreement.company-agreement', 'dispatcher_profit_percentage', 5.5)).toBe('5,5%');
  });

  it("reads a password change without a value and a role's permissions as granted and revoked", () => {
    const USER = 'plugin::users-permissions.user';
    const ROLE = 'plugin::users-permissions.role';
    const entries = [
      { ...entry(1, { password: { old: null, new: null } }), content_type: USER },
      {
        ...entry(2, {
          name: { old: 'Caixa', new: 'Caixa Sul' },
          permissions: { old: ['api::customer.customer.find'], new: ['api::receivable.receivable.confirm'] },
        }),
        content_type: ROLE,
      },
      { ...entry(3, { permissions: { old: null, new: ['api::customer.customer.find'] } }, 'create'), content_type: ROLE },
    ].map((e) => historyEntrySchema.parse(e));
    render(<HistoryEntries entries={entries} showRecord={() => false} />);
    const items = screen.getAllByTestId('history-entry');
    expect(items).toHaveLength(3);
    const [password, saved, created] = items as [HTMLElement, HTMLElement, HTMLElement];
    expect(within(password).getByText('Senha').nextSibling?.textContent).toBe('alterada');
    expect(within(saved).getByText('Permissões').nextSibling?.textContent).toBe('Concedidas: receivable.confirm · Revogadas: customer.find');
    expect(within(saved).getByText('Nome').nextSibling?.textContent).toBe('Caixa → Caixa Sul');
    expect(within(created).getByText('Permissões').nextSibling?.textContent).toBe('Concedidas: customer.find');
  });

  it('keeps only well-formed filters from the URL', () => {
    expect(validateHistorySearch({ user: '7', from: '2026-01-01', to: 'ontem' })).toEqual({ user: 7, from: '2026-01-01', to: undefined });
    expect(validateHistorySearch({ user: '-1' })).toEqual({ user: undefined, from: undefined, to: undefined });
  });
});
