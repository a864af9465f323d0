import { QueryClient, QueryClientProvider, queryOptions } from '@tanstack/react-query';
import { Outlet, RouterProvider, createMemoryHistory, createRootRoute, createRoute, createRouter } from '@tanstack/react-router';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { useAppForm, useSaveMutation } from '@/components/form';
import { Toaster } from '@/components/ui/toast';
import { ApiError } from '@/lib/api';

/**
 * The form side of "edits that never overwrite a colleague's": a save refused with 409 (the record
 * changed since its version) reads the record again and opens the choice; each choice does what
 * it says to the form and to what is sent next.
 */

type Values = { name: string; price: number; active: boolean };
type Row = Values & { documentId: string; updatedAt: string };

const loaded: Row = { documentId: 'r1', updatedAt: 'v1', name: 'Placa', price: 10000, active: true };
// a colleague saved meanwhile: another name and price
const now: Row = { documentId: 'r1', updatedAt: 'v2', name: 'Placa Mercosul', price: 12000, active: true };
const toForm = ({ name, price, active }: Row): Values => ({ name, price, active });

function setup() {
  const sent: Array<{ values: Values; version: string | undefined }> = [];
  const server = { version: 'v2' };
  const save = vi.fn(async (values: Values, version?: string) => {
    if (version !== server.version)
      throw new ApiError({ status: 409, code: 'ConflictError', message: 'alterado', details: { updatedAt: server.version }, hasServerMessage: true });
    sent.push({ values, version });
    return values;
  });
  const detail = queryOptions({ queryKey: ['row', 'r1'], queryFn: async () => now });
  const saved = vi.fn();

  function Fields() {
    const mutation = useSaveMutation({
      save,
      successMessage: 'Salvo',
      errorMessage: 'Erro ao salvar',
      invalidate: ['row'],
      onSaved: saved,
      edit: { record: loaded, toForm, detail },
    });
    const form = useAppForm({ defaultValues: toForm(loaded), onSubmit: ({ value }) => mutation.submit(value) });
    return (
      <form.AppForm>
        <form.RecordFormPage title="Editar item" backTo={{ to: '/' }} conflict={mutation.conflict}>
          <form.AppField name="name">{(f) => <f.TextField label="Nome" />}</form.AppField>
          <form.AppField name="price">{(f) => <f.MoneyField label="Preço" />}</form.AppField>
          <form.AppField name="active">{(f) => <f.SwitchField label="Ativo" />}</form.AppField>
        </form.RecordFormPage>
      </form.AppForm>
    );
  }
  const root = createRootRoute({
    staticData: { permission: 'public' },
    component: () => (
      <>
        <Outlet />
        <Toaster />
      </>
    ),
  });
  const home = createRoute({ getParentRoute: () => root, staticData: { permission: 'public' }, path: '/', component: Fields });
  const router = createRouter({ routeTree: root.addChildren([home]), history: createMemoryHistory({ initialEntries: ['/'] }) });
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <RouterProvider router={router as never} />
    </QueryClientProvider>,
  );
  return { save, sent, saved, user: userEvent.setup() };
}

/** I turn Ativo off and press Salvar: the save is refused and the choice opens. */
async function refusedSave(user: ReturnType<typeof userEvent.setup>) {
  await user.click(await screen.findByLabelText('Ativo'));
  await user.click(screen.getByRole('button', { name: 'Salvar' }));
  return screen.findByRole('alertdialog', { name: 'Registro alterado por outra pessoa' });
}

describe('a save refused because the record changed since', () => {
  it('shows theirs vs mine field by field, with labels and formats from the form', async () => {
    const { user, saved } = setup();
    const dialog = await refusedSave(user);
    const rows = within(dialog)
      .getAllByRole('row')
      .map((r) => r.textContent);
    expect(rows).toEqual(['CampoDelesMinhas', 'NomePlaca MercosulPlaca', 'PreçoR$\u00a0120,00R$\u00a0100,00', 'AtivoSimNão']);
    expect(saved).not.toHaveBeenCalled();
  });

  it("'Manter as minhas' saves again with the new version: their changes stay, mine win on my field", async () => {
    const { user, sent, saved } = setup();
    const dialog = await refusedSave(user);
    await user.click(within(dialog).getByRole('button', { name: 'Manter as minhas' }));
    await waitFor(() => expect(saved).toHaveBeenCalled());
    expect(sent).toEqual([{ values: { name: 'Placa Mercosul', price: 12000, active: false }, version: 'v2' }]);
  });

  it("'Usar as deles' puts their values in the form and sends nothing; the next save starts from their version", async () => {
    const { user, sent, save, saved } = setup();
    const dialog = await refusedSave(user);
    await user.click(within(dialog).getByRole('button', { name: 'Usar as deles' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(screen.getByLabelText('Nome')).toHaveValue('Placa Mercosul');
    expect(screen.getByLabelText('Ativo')).toBeChecked();
    expect(save).toHaveBeenCalledTimes(1);
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(saved).toHaveBeenCalled());
    expect(sent).toEqual([{ values: { name: 'Placa Mercosul', price: 12000, active: true }, version: 'v2' }]);
  });

  it('Cancelar keeps what I typed and the old version: saving asks again', async () => {
    const { user, save } = setup();
    const dialog = await refusedSave(user);
    await user.click(within(dialog).getByRole('button', { name: 'Cancelar' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(screen.getByLabelText('Ativo')).not.toBeChecked();
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByRole('alertdialog', { name: 'Registro alterado por outra pessoa' })).toBeInTheDocument();
    expect(save.mock.calls.map((c) => c[1])).toEqual(['v1', 'v1']);
  });
});
