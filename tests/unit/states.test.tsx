import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { stateResource } from '@/features/states/resource';
import { resourceListQuery } from '@/lib/api/list-query';
import { stateFormSchema } from '@/features/states/schema';
import { can, renderRoute } from './helpers/render-route';

/** States (spec 000 §2.9, §5 "State form", §7 "GET /states"). */
describe('state form schema', () => {
  const messages = (values: { name: string; abbreviation: string }) => {
    const result = stateFormSchema.safeParse(values);
    return result.success ? [] : result.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
  };

  it('needs a name of at least 2 and an abbreviation of exactly 2', () => {
    expect(messages({ name: 'S', abbreviation: 'SPX' })).toEqual([
      'name: Nome deve ter pelo menos 2 caracteres',
      'abbreviation: A sigla deve ter exatamente 2 caracteres',
    ]);
    expect(messages({ name: '  ', abbreviation: ' s ' })).toEqual([
      'name: Nome deve ter pelo menos 2 caracteres',
      'abbreviation: A sigla deve ter exatamente 2 caracteres',
    ]);
    expect(messages({ name: 'São Paulo', abbreviation: 'sp' })).toEqual([]);
  });

  it('sends the name trimmed and the abbreviation upper case', () => {
    expect(stateFormSchema.parse({ name: '  Rio de Janeiro ', abbreviation: 'rj' })).toEqual({ name: 'Rio de Janeiro', abbreviation: 'RJ' });
  });

  it('lists with id $eq and name/abbreviation $containsi, sorted and paged', () => {
    expect(resourceListQuery(stateResource, { page: 2, pageSize: 20, sort: 'name:desc', filters: { id: '7', name: 'paulo', abbreviation: 's' } })).toEqual({
      pagination: { page: 2, pageSize: 20 },
      sort: ['name:desc'],
      filters: { id: { $eq: '7' }, name: { $containsi: 'paulo' }, abbreviation: { $containsi: 's' } },
    });
  });
});

describe('state screens over the real route tree', () => {
  it('/state/new shows the spec messages on an empty submit and upper-cases the abbreviation as typed', async () => {
    await renderRoute('/state/new', { permissions: can('state', ['find', 'findOne', 'create']) });
    expect(await screen.findByRole('heading', { name: 'Novo estado' })).toBeInTheDocument();
    const user = userEvent.setup();
    await user.type(screen.getByLabelText(/Sigla/), 'rj');
    expect(screen.getByLabelText(/Sigla/)).toHaveValue('RJ');
    await user.clear(screen.getByLabelText(/Sigla/));
    await user.type(screen.getByLabelText(/Sigla/), 'r');
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText('Nome deve ter pelo menos 2 caracteres')).toBeInTheDocument();
    expect(screen.getByText('A sigla deve ter exatamente 2 caracteres')).toBeInTheDocument();
  });

  it('/states offers Novo only with state create', async () => {
    await renderRoute('/states', { permissions: can('state', ['find']) });
    expect(await screen.findByRole('heading', { name: 'Estados' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /Novo/ })).toBeNull();
  });
});
