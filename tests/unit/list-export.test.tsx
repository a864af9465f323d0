import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { flagColumn, type ListColumn } from '@/components/layout/list';
import { exportColumns } from '@/components/layout/list/export-columns';
import { EXPORT_OFFLINE_REASON, ExportMenu, exportRequestColumns } from '@/components/layout/list/export-menu';
import { fileNameOf } from '@/lib/api/download';

interface Row {
  id: number;
  name: string;
  cpf_cnpj: string;
  is_active: boolean;
}

const columns: ListColumn<Row>[] = [
  { id: 'id', header: 'ID', accessorKey: 'id' },
  { id: 'name', header: 'Nome', accessorKey: 'name' },
  { id: 'cpf_cnpj', header: 'CPF/CNPJ', accessorFn: (r) => r.cpf_cnpj, meta: { export: { value: 'cpf_cnpj', format: 'document' } } },
  { id: 'shown-only', header: 'Só na tela', accessorFn: (r) => r.name },
  { id: 'off', header: 'Fora', accessorKey: 'name', meta: { export: false } },
  flagColumn<Row>('is_active', 'Ativo', { fallback: true }),
];

describe("'Exportar': the columns asked for", () => {
  it('are the columns the user keeps, in table order, with the headers the list shows and their formats', () => {
    expect(exportColumns(columns, [])).toEqual([
      { header: 'ID', value: 'id', format: 'integer' },
      { header: 'Nome', value: 'name', format: 'text' },
      { header: 'CPF/CNPJ', value: 'cpf_cnpj', format: 'document' },
      { header: 'Ativo', value: 'is_active', format: 'label', labels: { true: 'Sim', false: 'Não' }, fallback: 'Sim' },
    ]);
  });

  it('are sent with their paths as lists', () => {
    expect(exportRequestColumns([{ header: 'Pedido', value: 'pedido_id, sales_order.id', format: 'integer' }])).toEqual([
      { header: 'Pedido', value: ['pedido_id', 'sales_order.id'], format: 'integer' },
    ]);
  });

  it("leave out what 'Colunas' hides", () => {
    expect(exportColumns(columns, ['name', 'is_active']).map((c) => c.header)).toEqual(['ID', 'CPF/CNPJ']);
  });

  it("read the file's name from Content-Disposition", () => {
    expect(fileNameOf(`attachment; filename="pedidos-2026-11-27.csv"; filename*=UTF-8''pedidos-2026-11-27.csv`)).toBe('pedidos-2026-11-27.csv');
    expect(fileNameOf('attachment; filename="x.xlsx"')).toBe('x.xlsx');
    expect(fileNameOf(null)).toBeUndefined();
  });
});

describe("'Exportar' without a connection", () => {
  const setOnline = (online: boolean) => Object.defineProperty(window.navigator, 'onLine', { configurable: true, get: () => online });
  afterEach(() => setOnline(true));

  it('is off and says why; back online it opens CSV / XLSX', async () => {
    setOnline(false);
    const request = { path: '/states', query: { pagination: { page: 1, pageSize: 10 } } };
    const { rerender } = render(<ExportMenu request={request} columns={exportColumns(columns, [])} title="Estados" total={27} />);
    const button = screen.getByRole('button', { name: 'Exportar' });
    expect(button).toHaveAttribute('aria-disabled', 'true');
    expect(button).toHaveAccessibleDescription(EXPORT_OFFLINE_REASON);
    await userEvent.click(button);
    expect(screen.queryByRole('button', { name: 'CSV' })).toBeNull();

    setOnline(true);
    window.dispatchEvent(new Event('online'));
    rerender(<ExportMenu request={request} columns={exportColumns(columns, [])} title="Estados" total={27} />);
    expect(button).not.toHaveAttribute('aria-disabled');
    await userEvent.click(button);
    expect(screen.getByRole('button', { name: 'CSV' })).toBeVisible();
    expect(screen.getByRole('button', { name: 'XLSX' })).toBeVisible();
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('button', { name: 'CSV' })).toBeNull();
  });
});
