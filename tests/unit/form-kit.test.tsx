import { QueryClient, QueryClientProvider, queryOptions } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { useMaskedAppForm } from '@/components/form/masked-form';

/**
 * One form (`useMaskedAppForm`: the kit's fields and the masked ones) with one pre-bound field
 * named `v`, validated by `schema` on submit; `Enviar` submits and `onSubmit` receives the
 * values. `field` renders the field from the AppField's api.
 */
function renderField<V>(opts: { defaultValue: V; schema: z.ZodType; field: (f: AnyBoundField) => ReactNode }) {
  const onSubmit = vi.fn();
  function Harness() {
    const form = useMaskedAppForm({
      defaultValues: { v: opts.defaultValue },
      validators: { onSubmit: z.object({ v: opts.schema }) as unknown as z.ZodType<{ v: V }, { v: V }> },
      onSubmit: ({ value }) => onSubmit(value.v),
    });
    return (
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          void form.handleSubmit();
        }}
      >
        <form.AppField name="v">{(f) => opts.field(f as unknown as AnyBoundField)}</form.AppField>
        <button type="submit">Enviar</button>
      </form>
    );
  }
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <Harness />
    </QueryClientProvider>,
  );
  return { onSubmit, user: userEvent.setup(), submit: () => userEvent.setup().click(screen.getByRole('button', { name: 'Enviar' })) };
}

/** The pre-bound field components, as `form.AppField` hands them to its children. */
type AnyBoundField = typeof import('@/components/form/fields') & typeof import('@/components/form/masked-form');

describe('form kit: pre-bound fields', () => {
  it('TextField: label, zod message, the text as typed', async () => {
    const { onSubmit, user, submit } = renderField({
      defaultValue: '',
      schema: z.string().min(1, 'Nome é obrigatório'),
      field: (f) => <f.TextField label="Nome" required />,
    });
    await submit();
    expect(await screen.findByText('Nome é obrigatório')).toBeInTheDocument();
    expect(screen.getByLabelText(/Nome/)).toHaveAttribute('aria-invalid', 'true');
    await user.type(screen.getByLabelText(/Nome/), 'Ana Souza');
    await submit();
    await waitFor(() => expect(onSubmit).toHaveBeenCalledWith('Ana Souza'));
  });

  it('DocumentField: masks a CPF and writes the digits only', async () => {
    const { onSubmit, user, submit } = renderField({
      defaultValue: '',
      schema: z.string().length(11, 'CPF incompleto'),
      field: (f) => <f.DocumentField label="CPF/CNPJ do Cliente" />,
    });
    const input = screen.getByLabelText('CPF/CNPJ do Cliente');
    await user.type(input, '52998224725');
    expect(input).toHaveValue('529.982.247-25');
    await submit();
    await waitFor(() => expect(onSubmit).toHaveBeenCalledWith('52998224725'));
  });

  it('DocumentField: shows the zod message of an incomplete CPF and sends nothing', async () => {
    const { onSubmit, user, submit } = renderField({
      defaultValue: '',
      schema: z.string().length(11, 'CPF incompleto'),
      field: (f) => <f.DocumentField label="CPF/CNPJ do Cliente" />,
    });
    const input = screen.getByLabelText('CPF/CNPJ do Cliente');
    await user.type(input, '529982');
    expect(input).toHaveValue('529.982');
    await submit();
    expect(await screen.findByText('CPF incompleto')).toBeInTheDocument();
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('DocumentField cnpjOnly: masks a CNPJ and writes its digits', async () => {
    const { onSubmit, user, submit } = renderField({
      defaultValue: '11222333000181',
      schema: z.string(),
      field: (f) => <f.DocumentField label="CNPJ" cnpjOnly />,
    });
    const input = screen.getByLabelText('CNPJ');
    expect(input).toHaveValue('11.222.333/0001-81');
    await user.clear(input);
    await user.type(input, '45283095000136');
    expect(input).toHaveValue('45.283.095/0001-36');
    await submit();
    await waitFor(() => expect(onSubmit).toHaveBeenCalledWith('45283095000136'));
  });

  it('PhoneField: (00) 00000-0000 on screen, digits in the value', async () => {
    const { onSubmit, user, submit } = renderField({
      defaultValue: '',
      schema: z.string().min(10, 'Telefone inválido'),
      field: (f) => <f.PhoneField label="Telefone" />,
    });
    const input = screen.getByLabelText('Telefone');
    await user.type(input, '1198');
    await submit();
    expect(await screen.findByText('Telefone inválido')).toBeInTheDocument();
    await user.clear(input);
    await user.type(input, '11987654321');
    expect(input).toHaveValue('(11) 98765-4321');
    await submit();
    await waitFor(() => expect(onSubmit).toHaveBeenCalledWith('11987654321'));
  });

  it('CepField: 00000-000 on screen, digits in the value', async () => {
    const { onSubmit, user, submit } = renderField({
      defaultValue: '',
      schema: z.string().length(8, 'CEP inválido'),
      field: (f) => <f.CepField label="CEP" />,
    });
    const input = screen.getByLabelText('CEP');
    await submit();
    expect(await screen.findByText('CEP inválido')).toBeInTheDocument();
    await user.type(input, '01310100');
    expect(input).toHaveValue('01310-100');
    await submit();
    await waitFor(() => expect(onSubmit).toHaveBeenCalledWith('01310100'));
  });

  it('MoneyField: typed digits are centavos', async () => {
    const { onSubmit, user, submit } = renderField({
      defaultValue: 0,
      schema: z.number().positive('Valor deve ser maior que zero'),
      field: (f) => <f.MoneyField label="Valor Nominal" />,
    });
    await submit();
    expect(await screen.findByText('Valor deve ser maior que zero')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Valor Nominal'), '123456');
    await submit();
    await waitFor(() => expect(onSubmit).toHaveBeenCalledWith(123456));
    expect((screen.getByLabelText('Valor Nominal') as HTMLInputElement).value).toMatch(/^R\$\s1\.234,56$/);
  });

  it('IntegerField: a whole number', async () => {
    const { onSubmit, user, submit } = renderField({
      defaultValue: 0,
      schema: z.number().int().min(1, 'Informe ao menos 1'),
      field: (f) => <f.IntegerField label="Parcelas" />,
    });
    await submit();
    expect(await screen.findByText('Informe ao menos 1')).toBeInTheDocument();
    const input = screen.getByLabelText('Parcelas');
    await user.clear(input);
    await user.type(input, '12');
    await submit();
    await waitFor(() => expect(onSubmit).toHaveBeenCalledWith(12));
  });

  it('PercentField: 0–100 as a number', async () => {
    const { onSubmit, user, submit } = renderField({
      defaultValue: 0,
      schema: z.number().min(0).max(100, 'No máximo 100%'),
      field: (f) => <f.PercentField label="Juros" />,
    });
    const input = screen.getByLabelText('Juros');
    expect(input).toHaveAttribute('max', '100');
    fireEvent.change(input, { target: { value: '150' } });
    await submit();
    expect(await screen.findByText('No máximo 100%')).toBeInTheDocument();
    await user.clear(input);
    await user.type(input, '12.5');
    await submit();
    await waitFor(() => expect(onSubmit).toHaveBeenCalledWith(12.5));
  });

  it('DateField: the chosen local day as an ISO instant', async () => {
    const { onSubmit, submit } = renderField({
      defaultValue: '',
      schema: z.string().min(1, 'Data obrigatória'),
      field: (f) => <f.DateField label="Data de Pagamento" />,
    });
    await submit();
    expect(await screen.findByText('Data obrigatória')).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText('Data de Pagamento'), { target: { value: '2026-03-15' } });
    await submit();
    await waitFor(() => expect(onSubmit).toHaveBeenCalled());
    const iso = onSubmit.mock.calls.at(-1)![0] as string;
    const d = new Date(iso);
    expect([d.getFullYear(), d.getMonth() + 1, d.getDate()]).toEqual([2026, 3, 15]);
    expect(iso).toMatch(/^\d{4}-\d{2}-\d{2}T/);
  });

  it('SelectField: the option value', async () => {
    const options = [
      { value: 'paid', label: 'Pago' },
      { value: 'pending', label: 'Pendente' },
    ];
    const { onSubmit, user, submit } = renderField({
      defaultValue: '',
      schema: z.enum(['paid', 'pending'], { message: 'Escolha um status' }),
      field: (f) => <f.SelectField label="Status" options={options} placeholder="Selecione..." />,
    });
    await submit();
    expect(await screen.findByText('Escolha um status')).toBeInTheDocument();
    await user.selectOptions(screen.getByLabelText('Status'), 'Pago');
    await submit();
    await waitFor(() => expect(onSubmit).toHaveBeenCalledWith('paid'));
  });

  it('QuerySelectField: options from the query, the record current first, the numeric id written', async () => {
    const people = queryOptions({ queryKey: ['people'], queryFn: async () => [{ id: 7, name: 'Despachante Um' }] });
    const { onSubmit, user, submit } = renderField({
      defaultValue: 0,
      schema: z.number().min(1, 'Selecione um item válido'),
      field: (f) => (
        <f.QuerySelectField
          label="Despachante"
          query={people}
          current={{ id: 3, name: 'Antigo' }}
          optionLabel={(p: { name: string }) => p.name}
          emptyLabel="Selecione..."
        />
      ),
    });
    const select = screen.getByLabelText('Despachante');
    expect(await screen.findByRole('option', { name: 'Despachante Um' })).toBeInTheDocument();
    expect(Array.from((select as HTMLSelectElement).options).map((o) => o.text)).toEqual(['Selecione...', 'Antigo', 'Despachante Um']);
    await submit();
    expect(await screen.findByText('Selecione um item válido')).toBeInTheDocument();
    await user.selectOptions(select, 'Despachante Um');
    await submit();
    await waitFor(() => expect(onSubmit).toHaveBeenCalledWith(7));
  });

  it('SwitchField: a boolean', async () => {
    const { onSubmit, user, submit } = renderField({
      defaultValue: false,
      schema: z.literal(true, { message: 'Aceite para continuar' }),
      field: (f) => <f.SwitchField label="Placa Especial" />,
    });
    await submit();
    expect(await screen.findByText('Aceite para continuar')).toBeInTheDocument();
    await user.click(screen.getByRole('switch', { name: 'Placa Especial' }));
    await submit();
    await waitFor(() => expect(onSubmit).toHaveBeenCalledWith(true));
  });

  it('TriStateField: Todos / Sim / Não as null / true / false', async () => {
    const { onSubmit, user, submit } = renderField({
      defaultValue: null as boolean | null,
      schema: z.boolean({ message: 'Escolha Sim ou Não' }),
      field: (f) => <f.TriStateField label="Ativo" />,
    });
    const select = screen.getByLabelText('Ativo');
    expect(Array.from((select as HTMLSelectElement).options).map((o) => o.text)).toEqual(['Todos', 'Sim', 'Não']);
    await submit();
    expect(await screen.findByText('Escolha Sim ou Não')).toBeInTheDocument();
    await user.selectOptions(select, 'Não');
    await submit();
    await waitFor(() => expect(onSubmit).toHaveBeenLastCalledWith(false));
    await user.selectOptions(select, 'Sim');
    await submit();
    await waitFor(() => expect(onSubmit).toHaveBeenLastCalledWith(true));
  });
});
