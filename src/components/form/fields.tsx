import { useQuery, type QueryKey, type UseQueryOptions } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Field, firstError } from '@/components/ui/field';
import { MoneyInput } from '@/components/ui/money-input';
import { Switch } from '@/components/ui/switch';
import { dateInputToIso, isoToDateInput } from '@/lib/dates';
import type { FieldDisplay } from '@/lib/edit-conflict';
import type { Cents } from '@/lib/money';
import { useFieldDisplay } from './field-displays';
import { useFieldContext } from './form-context';

/** What every pre-bound field takes: its label (spec text), required mark, helper text, disabled. */
export interface FieldProps {
  label: string;
  required?: boolean;
  helper?: ReactNode;
  disabled?: boolean;
}

/** How a field's value reads when a save is refused (lib/edit-conflict.ts): its kind, and the options of a select. */
export type FieldKind = Omit<FieldDisplay, 'label'>;

/**
 * Label, control and the field's first error (the zod message), wired by Ark's Field ids; tells the
 * form page how the field reads (`display`, text by default) for "theirs vs mine".
 */
function Frame({ label, required, helper, disabled, display, children }: FieldProps & { display?: FieldKind; children: ReactNode }) {
  const field = useFieldContext<unknown>();
  useFieldDisplay(field.name, { label, ...(display ?? { kind: 'text' }) });
  return (
    <Field.Root label={label} required={required} helper={helper} disabled={disabled} error={firstError(field.state.meta.errors)}>
      {children}
    </Field.Root>
  );
}

export { Frame as FieldFrame };

/** A text field; writes the string as typed (`type="date"`: the browser's `yyyy-MM-dd`, '' when cleared). */
export function TextField({
  maxLength,
  type = 'text',
  inputMode,
  autoComplete,
  transform,
  ...props
}: FieldProps & {
  maxLength?: number;
  type?: 'text' | 'email' | 'url' | 'password' | 'date';
  inputMode?: 'text' | 'numeric' | 'email';
  autoComplete?: string;
  /** Rewrites the text as it is typed (e.g. `(t) => t.toUpperCase()` for a UF abbreviation). */
  transform?: (text: string) => string;
}) {
  const field = useFieldContext<string>();
  return (
    <Frame {...props}>
      <Field.Input
        type={type}
        inputMode={inputMode}
        autoComplete={autoComplete}
        maxLength={maxLength}
        value={field.state.value ?? ''}
        onChange={(e) => field.handleChange(transform ? transform(e.target.value) : e.target.value)}
        onBlur={field.handleBlur}
      />
    </Frame>
  );
}

/** Money typed as centavos ('12345' → R$ 123,45, spec 001 §5); writes **centavos** (an integer). */
export function MoneyField(props: FieldProps) {
  const field = useFieldContext<Cents>();
  return (
    <Frame {...props} display={{ kind: 'money' }}>
      <MoneyInput value={field.state.value} onValueChange={field.handleChange} onBlur={field.handleBlur} />
    </Frame>
  );
}

/** A number input; '' writes 0 (the schema says what is allowed). */
function NumberInput({ min, max, step }: { min?: number; max?: number; step: number | 'any' }) {
  const field = useFieldContext<number>();
  const value = field.state.value;
  return (
    <Field.Input
      type="number"
      inputMode={step === 1 ? 'numeric' : 'decimal'}
      min={min}
      max={max}
      step={step}
      value={value === undefined || value === null || Number.isNaN(value) ? '' : String(value)}
      onChange={(e) => field.handleChange(e.target.value === '' ? 0 : e.target.valueAsNumber)}
      onBlur={field.handleBlur}
    />
  );
}

/** A whole number (instalments, quantities); writes a number, '' as 0. */
export function IntegerField({ min = 0, max, ...props }: FieldProps & { min?: number; max?: number }) {
  return (
    <Frame {...props} display={{ kind: 'number' }}>
      <NumberInput min={min} max={max} step={1} />
    </Frame>
  );
}

/** A percentage **0–100** (two decimals at most, e.g. 12.5 for 12,5 %); writes a number, '' as 0. */
export function PercentField(props: FieldProps) {
  return (
    <Frame {...props} display={{ kind: 'percent' }}>
      <NumberInput min={0} max={100} step={0.01} />
    </Frame>
  );
}

/**
 * A decimal number (reais or a percentage, depending on the record; e.g. a sales item's price and
 * amounts, spec 001 §5): `step` 0.01 by default, bounds only on the input element; writes a
 * number, '' (or a non-numeric entry) as 0.
 */
export function DecimalField({
  min = 0,
  max,
  step = 0.01,
  reais = false,
  ...props
}: FieldProps & { min?: number; max?: number; step?: number; /** The number is an amount in reais (read as R$). */ reais?: boolean }) {
  return (
    <Frame {...props} display={{ kind: reais ? 'reais' : 'number' }}>
      <NumberInput min={min} max={max} step={step} />
    </Frame>
  );
}

/**
 * A calendar day over an ISO datetime (billing_date, payment_date): shows the local day and
 * writes an ISO instant keeping the current time of day (lib/dates.ts); '' when cleared.
 */
export function DateField(props: FieldProps) {
  const field = useFieldContext<string>();
  return (
    <Frame {...props} display={{ kind: 'date' }}>
      <Field.Input
        type="date"
        value={isoToDateInput(field.state.value)}
        onChange={(e) => field.handleChange(dateInputToIso(e.target.value, field.state.value || new Date().toISOString()))}
        onBlur={field.handleBlur}
      />
    </Frame>
  );
}

/** One option of a select. */
export interface SelectOption<V extends string | number = string> {
  value: V;
  label: string;
}

/** A select of fixed options (statuses...); writes the option's value string. */
export function SelectField<V extends string>({ options, placeholder, ...props }: FieldProps & { options: readonly SelectOption<V>[]; placeholder?: string }) {
  const field = useFieldContext<V | ''>();
  const labels: Record<string, string> = Object.fromEntries(options.map((o) => [String(o.value), o.label]));
  if (placeholder !== undefined) labels[''] = placeholder;
  return (
    <Frame {...props} display={{ kind: 'options', options: labels }}>
      <Field.Select value={field.state.value ?? ''} onChange={(e) => field.handleChange(e.target.value as V | '')} onBlur={field.handleBlur}>
        {placeholder !== undefined ? <option value="">{placeholder}</option> : null}
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </Field.Select>
    </Frame>
  );
}

export interface QuerySelectFieldProps<TItem, TKey extends QueryKey = QueryKey> extends FieldProps {
  /** The list to choose from (a lookup's `queryOptions`). */
  query: UseQueryOptions<TItem[], Error, TItem[], TKey>;
  optionLabel: (item: TItem) => string;
  /** The record's current choice, listed first when the lookup does not return it. */
  current?: (TItem & { id: number }) | null | undefined;
  /** Text of the empty choice ('Selecione...', 'Nenhum'); 'Carregando...' while the list loads. */
  emptyLabel: string;
  /** The value the empty choice writes: 0 (a required relation) or null (an optional one). */
  emptyValue?: 0 | null;
}

/**
 * A select of records loaded by a query (dispatchers, companies, orders, payment methods):
 * writes the chosen record's numeric `id`, or `emptyValue` for the empty choice.
 */
export function QuerySelectField<TItem extends { id: number }, TKey extends QueryKey = QueryKey>({
  query: queryOptions,
  optionLabel,
  current,
  emptyLabel,
  emptyValue = 0,
  ...props
}: QuerySelectFieldProps<TItem, TKey>) {
  const field = useFieldContext<number | null>();
  const query = useQuery(queryOptions);
  const options = [...(query.data ?? [])];
  if (current && current.id > 0 && !options.some((o) => o.id === current.id)) options.unshift(current);
  const value = field.state.value;
  const labels = Object.fromEntries(options.map((o) => [String(o.id), optionLabel(o)]));
  return (
    <Frame {...props} display={{ kind: 'options', options: { ...labels, '': emptyLabel, 0: emptyLabel, null: emptyLabel } }}>
      <Field.Select
        value={value ? String(value) : ''}
        onChange={(e) => field.handleChange(e.target.value ? Number(e.target.value) : emptyValue)}
        onBlur={field.handleBlur}
      >
        <option value="">{query.isPending ? 'Carregando...' : emptyLabel}</option>
        {options.map((o) => (
          <option key={o.id} value={o.id}>
            {optionLabel(o)}
          </option>
        ))}
      </Field.Select>
    </Frame>
  );
}

/** An on/off switch (the label is the switch's own); writes a boolean. */
export function SwitchField({ label, disabled }: Pick<FieldProps, 'label' | 'disabled'>) {
  const field = useFieldContext<boolean>();
  useFieldDisplay(field.name, { label, kind: 'boolean' });
  return (
    <Field.Root error={firstError(field.state.meta.errors)} disabled={disabled}>
      <Switch label={label} checked={Boolean(field.state.value)} disabled={disabled} onChange={field.handleChange} onBlur={field.handleBlur} />
    </Field.Root>
  );
}

/** 'Todos' / 'Sim' / 'Não' (spec 000 §2.4 tri-state filters such as Ativo); writes null / true / false. */
export function TriStateField(props: FieldProps) {
  const field = useFieldContext<boolean | null>();
  const value = field.state.value;
  return (
    <Frame {...props} display={{ kind: 'options', options: { '': 'Todos', null: 'Todos', true: 'Sim', false: 'Não' } }}>
      <Field.Select
        value={value === true ? 'true' : value === false ? 'false' : ''}
        onChange={(e) => field.handleChange(e.target.value === '' ? null : e.target.value === 'true')}
        onBlur={field.handleBlur}
      >
        <option value="">Todos</option>
        <option value="true">Sim</option>
        <option value="false">Não</option>
      </Field.Select>
    </Frame>
  );
}
