import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { vehicleTypeResource } from '@/features/vehicle-types/resource';
import { resourceListQuery } from '@/lib/api/list-query';
import { vehicleTypeFormSchema, vehicleTypeToForm } from '@/features/vehicle-types/schema';
import { stubCollection } from './helpers/fake-collection';
import { can, renderRoute } from './helpers/render-route';

/** Vehicle types (spec 001 §2 "Vehicle types", §5, §7, §8). */
const ALL = can('vehicle-type', ['find', 'findOne', 'create', 'update', 'delete']);

describe('vehicle type form schema', () => {
  const messages = (values: { name: string; description: string; is_active: boolean }) => {
    const result = vehicleTypeFormSchema.safeParse(values);
    return result.success ? [] : result.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
  };

  it('needs a name of 2 to 150 and a description of at most 500, with the spec texts', () => {
    expect(messages({ name: ' A ', description: '', is_active: true })).toEqual(['name: Nome é obrigatório']);
    expect(messages({ name: 'x'.repeat(151), description: 'd'.repeat(501), is_active: true })).toEqual([
      'name: Nome não pode exceder 150 caracteres',
      'description: Descrição não pode exceder 500 caracteres',
    ]);
    expect(messages({ name: 'x'.repeat(150), description: 'd'.repeat(500), is_active: false })).toEqual([]);
  });

  it('is active by default, sends trimmed text and an empty description as null', () => {
    expect(vehicleTypeToForm()).toEqual({ name: '', description: '', is_active: true });
    expect(vehicleTypeToForm({ id: 1, documentId: 'a', name: 'Moto', description: null, is_active: false })).toEqual({
      name: 'Moto',
      description: '',
      is_active: false,
    });
    expect(vehicleTypeFormSchema.parse({ name: ' Caminhão ', description: '  ', is_active: true })).toEqual({
      name: 'Caminhão',
      description: null,
      is_active: true,
    });
  });

  it('lists with id and is_active $eq (a boolean), name and description $containsi; Todos sends no filter', () => {
    expect(
      resourceListQuery(vehicleTypeResource, {
        page: 1,
        pageSize: 10,
        sort: 'description:desc',
        filters: { id: '3', name: 'car', description: 'leve', is_active: 'false' },
      }),
    ).toEqual({
      pagination: { page: 1, pageSize: 10 },
      sort: ['description:desc'],
      filters: { id: { $eq: '3' }, name: { $containsi: 'car' }, description: { $containsi: 'leve' }, is_active: { $eq: false } },
    });
    expect(resourceListQuery(vehicleTypeResource, { page: 1, pageSize: 10, filters: { is_active: 'true' } }).filters).toEqual({ is_active: { $eq: true } });
    expect(resourceListQuery(vehicleTypeResource, { page: 1, pageSize: 10 })).not.toHaveProperty('filters');
  });
});

describe('vehicle type screens over the real route tree', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('/vehicle-type/new: active by default, the spec messages, then POST {data} and back to the list', async () => {
    const api = stubCollection('vehicle-types');
    const router = await renderRoute('/vehicle-type/new', { permissions: ALL });
    expect(await screen.findByRole('heading', { name: 'Novo tipo de veículo' })).toBeInTheDocument();
    expect(screen.getByRole('switch', { name: 'Ativo' })).toBeChecked();
    const user = userEvent.setup();
    await user.type(screen.getByLabelText(/Nome/), 'M');
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText('Nome é obrigatório')).toBeInTheDocument();
    await user.type(screen.getByLabelText(/Nome/), 'oto');
    await user.type(screen.getByLabelText(/Descrição/), ' Duas rodas ');
    await user.click(screen.getByRole('switch', { name: 'Ativo' }));
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(api.writes()).toHaveLength(1));
    expect(api.writes()[0]).toMatchObject({ method: 'POST', body: { data: { name: 'Moto', description: 'Duas rodas', is_active: false } } });
    expect(await screen.findByText('Tipo de veículo criado com sucesso')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/vehicle-types'));
  }, 30_000);

  it('/vehicle-types: a failed list shows the empty list and its toast; no Novo without create', async () => {
    stubCollection('vehicle-types', { list: 500, message: 'banco fora do ar' });
    await renderRoute('/vehicle-types', { permissions: can('vehicle-type', ['find']) });
    expect(await screen.findByRole('heading', { name: 'Tipos de Veículo' })).toBeInTheDocument();
    expect(await screen.findByText('Erro ao carregar os tipos de veículo: banco fora do ar')).toBeInTheDocument();
    expect(screen.getByText('Nenhum item encontrado')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /Novo/ })).toBeNull();
  }, 30_000);

  it('/vehicle-types: a failed delete shows the spec text', async () => {
    stubCollection('vehicle-types', { list: [{ id: 4, documentId: 'vt4', name: 'Carro', description: 'Passeio', is_active: true }], remove: 500 });
    await renderRoute('/vehicle-types', { permissions: ALL });
    expect(await screen.findByRole('cell', { name: 'Carro' })).toBeInTheDocument();
    expect(screen.getByRole('cell', { name: 'Sim' })).toBeInTheDocument();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Excluir' }));
    await user.click(await screen.findByRole('button', { name: 'Confirmar' }));
    expect(await screen.findByText('Não foi possível excluir o tipo de veículo.')).toBeInTheDocument();
  }, 30_000);

  it('/vehicle-type/{id}: a failed load toasts and returns to the list', async () => {
    stubCollection('vehicle-types', { detail: 404, message: 'Not Found' });
    const router = await renderRoute('/vehicle-type/nope', { permissions: ALL });
    expect(await screen.findByText('Erro ao carregar tipo de veículo')).toBeInTheDocument();
    expect(screen.getByText('Tipo de veículo não encontrado.')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/vehicle-types'));
  }, 30_000);

  it('/vehicle-type/{id}: a loaded one is edited with PUT /vehicle-types/{documentId}', async () => {
    const api = stubCollection('vehicle-types', { detail: { id: 4, documentId: 'vt4', name: 'Carro', description: null, is_active: true } });
    await renderRoute('/vehicle-type/vt4', { permissions: ALL });
    const name = await screen.findByLabelText(/Nome/);
    expect(name).toHaveValue('Carro');
    const user = userEvent.setup();
    await user.type(name, ' Elétrico');
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(api.writes()).toHaveLength(1));
    expect(api.writes()[0]).toMatchObject({ method: 'PUT', body: { data: { name: 'Carro Elétrico', description: null, is_active: true } } });
    expect(api.writes()[0]!.url).toContain('/api/vehicle-types/vt4');
    expect(await screen.findByText('Tipo de veículo atualizado com sucesso')).toBeInTheDocument();
  }, 30_000);
});
