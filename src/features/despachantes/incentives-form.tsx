import { css } from 'styled-system/css';
import { SubmitForm, useAppForm } from '@/components/form';
import { Button } from '@/components/ui/button';
import { incentivesSchema, type Agreement, type Incentives } from './schema';

/**
 * A dispatcher–dealership row's inline incentives form (/despachante/{id}/details, spec 001 §7
 * "Agreements"): both percentages (0–100), 'Cancelar' and 'Salvar' ('Salvando...' while `saving`).
 * `onSave` rejects on failure (the MutationCache toasts it); the form then stays open.
 */
export function IncentivesForm({
  agreement,
  saving,
  onSave,
  onCancel,
}: {
  agreement: Agreement;
  saving: boolean;
  onSave: (values: Incentives) => Promise<unknown>;
  onCancel: () => void;
}) {
  const form = useAppForm({
    defaultValues: { incentivoDespachante: agreement.dispatcher_profit_percentage, incentivoConcessionaria: agreement.company_profit_percentage },
    validators: { onSubmit: incentivesSchema },
    onSubmit: ({ value }) => onSave(value).catch(() => undefined),
  });
  return (
    <form.AppForm>
      <SubmitForm
        onSubmit={form.handleSubmit}
        className={css({ display: 'grid', gap: '2', gridTemplateColumns: { base: '1fr', md: '1fr 1fr auto' }, alignItems: 'end' })}
      >
        <form.AppField name="incentivoDespachante">{(f) => <f.PercentField label="Incentivo Despachante (%)" />}</form.AppField>
        <form.AppField name="incentivoConcessionaria">{(f) => <f.PercentField label="Incentivo Concessionária (%)" />}</form.AppField>
        <div className={css({ display: 'flex', gap: '2' })}>
          <Button variant="outline" onClick={onCancel}>
            Cancelar
          </Button>
          <Button type="submit" disabled={saving}>
            {saving ? 'Salvando...' : 'Salvar'}
          </Button>
        </div>
      </SubmitForm>
    </form.AppForm>
  );
}
