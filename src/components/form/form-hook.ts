import { createFormHook } from '@tanstack/react-form';
import {
  DateField,
  DecimalField,
  IntegerField,
  MoneyField,
  PercentField,
  QuerySelectField,
  SelectField,
  SwitchField,
  TextField,
  TriStateField,
} from './fields';
import { fieldContext, formContext } from './form-context';
import { RecordFormPage } from './record-form';

/**
 * The app's form hook (TanStack Form `createFormHook`): `useAppForm` is
 * `useForm` plus pre-bound fields, so a form screen reads as its fields:
 * ```tsx
 * const form = useAppForm({ defaultValues, validators: { onSubmit: schema }, onSubmit: ({ value }) => save.submit(value) });
 * <form.AppForm>
 *   <form.RecordFormPage title="Novo pedido" backTo={{ to: '/sales-orders' }}>
 *     <form.AppField name="billing_date">{(f) => <f.DateField label="Data de Faturamento" required />}</form.AppField>
 *   </form.RecordFormPage>
 * </form.AppForm>
 * ```
 * Values: text as typed; money in centavos; percentages 0–100; dates as ISO instants; query
 * selects as numeric ids. The masked fields (CPF/CNPJ, phone, CEP) are not here: a form with one
 * uses `useMaskedAppForm` (masked-form.tsx), so the other forms do not download Maskito.
 */
export const appFormHook = createFormHook({
  fieldContext,
  formContext,
  fieldComponents: {
    TextField,
    MoneyField,
    IntegerField,
    PercentField,
    DecimalField,
    DateField,
    SelectField,
    QuerySelectField,
    SwitchField,
    TriStateField,
  },
  formComponents: { RecordFormPage },
});

export const { useAppForm, withForm } = appFormHook;
