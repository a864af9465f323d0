import { Combobox, useListCollection } from '@ark-ui/react/combobox';
import { useFilter } from '@ark-ui/react/locale';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { css } from 'styled-system/css';
import { SubmitForm, useAppForm } from '@/components/form';
import { Button } from '@/components/ui/button';
import { Dialog, dialogFooter } from '@/components/ui/dialog';
import { toast } from '@/components/ui/toast';
import type { Company } from '@/shared/companies';
import { formatDocument } from '@/lib/document';
import { dispatcherKeys, dispatcherQueries, updateDispatcherCompanies } from './api';
import { LINK_TEXTS, linkFormSchema, type Dispatcher, type LinkFormValues } from './schema';

/** 'Gerenciar Concessionárias' of /despachante/{id}/details, loaded when opened (despachante-details.tsx). */
export /** 'Gerenciar Concessionárias': the searchable dealership picker, both incentives, Cancelar and 'Salvar Alterações'. */
function ManageDialog({ dispatcher, onClose }: { dispatcher: Dispatcher; onClose: () => void }) {
  const queryClient = useQueryClient();
  const dealerships = useQuery(dispatcherQueries.dealerships());
  const save = useMutation({
    mutationFn: (values: LinkFormValues) => updateDispatcherCompanies(dispatcher.documentId, [values.companyId], values),
    meta: { successMessage: LINK_TEXTS.linksSaved, errorMessage: LINK_TEXTS.linksFailed, useServerMessage: false },
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: dispatcherKeys.all() });
      onClose();
    },
  });
  const form = useAppForm({
    defaultValues: { companyId: 0, incentivoDespachante: 0, incentivoConcessionaria: 0 } as LinkFormValues,
    validators: { onSubmit: linkFormSchema },
    onSubmit: ({ value }) => {
      if (!dispatcher.documentId) return void toast({ title: 'Erro', description: LINK_TEXTS.invalidId, variant: 'destructive' });
      if (!dispatcher.user_id?.id) return void toast({ title: 'Erro', description: LINK_TEXTS.noUserId, variant: 'destructive' });
      if (!value.companyId) return void toast({ title: 'Erro', description: LINK_TEXTS.selectCompany, variant: 'destructive' });
      return save.mutateAsync(value).catch(() => undefined);
    },
  });
  return (
    <Dialog open onOpenChange={(open) => (open ? undefined : onClose())} title="Gerenciar Concessionárias">
      <form.AppForm>
        <SubmitForm onSubmit={form.handleSubmit} className={css({ display: 'grid', gap: '3' })}>
          <form.Field name="companyId">
            {(f) => (
              <DealershipPicker
                key={dealerships.data ? 'loaded' : 'loading'}
                options={dealerships.data ?? []}
                loading={dealerships.isLoading}
                value={f.state.value}
                onChange={f.handleChange}
              />
            )}
          </form.Field>
          <form.AppField name="incentivoDespachante">{(f) => <f.PercentField label="Incentivo Despachante (%)" />}</form.AppField>
          <form.AppField name="incentivoConcessionaria">{(f) => <f.PercentField label="Incentivo Concessionária (%)" />}</form.AppField>
          <div className={dialogFooter}>
            <Button variant="outline" onClick={onClose}>
              Cancelar
            </Button>
            <Button type="submit" disabled={save.isPending}>
              {save.isPending ? 'Salvando...' : 'Salvar Alterações'}
            </Button>
          </div>
        </SubmitForm>
      </form.AppForm>
    </Dialog>
  );
}

const pickerClasses = {
  trigger: css({
    display: 'flex',
    w: 'full',
    justifyContent: 'space-between',
    alignItems: 'center',
    gap: '2',
    h: '10',
    px: '3',
    borderWidth: '1px',
    borderColor: 'border',
    borderRadius: 'md',
    bg: 'bg.surface',
    textAlign: 'left',
  }),
  input: css({
    display: 'block',
    w: 'calc(100% - token(spacing.2))',
    mx: '1',
    mb: '1',
    h: '9',
    px: '2',
    borderWidth: '1px',
    borderColor: 'border',
    borderRadius: 'md',
  }),
  content: css({
    bg: 'bg.surface',
    borderWidth: '1px',
    borderColor: 'border',
    borderRadius: 'md',
    boxShadow: 'md',
    maxH: '60',
    overflowY: 'auto',
    zIndex: 'popover',
    py: '1',
  }),
  item: css({ px: '3', py: '2', cursor: 'pointer', '&[data-highlighted]': { bg: 'primary.50' }, '&[data-state=checked]': { fontWeight: 'semibold' } }),
  empty: css({ px: '3', py: '2', color: 'fg.muted' }),
};

/**
 * The searchable dealership picker (Ark UI Combobox): placeholder 'Selecione a concessionária...'
 * while nothing is chosen, typing searches ('Buscar concessionária...'; accents and case ignored),
 * 'Nenhuma concessionária encontrada.' when nothing matches. `value` is the company record id (0 = none).
 */
function DealershipPicker({ options, loading, value, onChange }: { options: Company[]; loading: boolean; value: number; onChange: (id: number) => void }) {
  const { contains } = useFilter({ sensitivity: 'base' });
  const items = options.map((c) => ({ value: String(c.id), label: c.trade_name || c.legal_name || formatDocument(c.cnpj) }));
  const { collection, filter } = useListCollection({ initialItems: items, filter: contains });
  const selected = items.find((i) => i.value === String(value));
  return (
    <Combobox.Root
      collection={collection}
      value={selected ? [selected.value] : []}
      onValueChange={(d) => onChange(Number(d.value[0] ?? 0))}
      onInputValueChange={(d) => filter(d.inputValue)}
      inputBehavior="autohighlight"
      selectionBehavior="clear"
      positioning={{ sameWidth: true }}
    >
      <Combobox.Label className={css({ fontSize: 'sm', fontWeight: 'medium' })}>Concessionária</Combobox.Label>
      <Combobox.Control>
        <Combobox.Trigger className={pickerClasses.trigger}>
          <span>{selected ? selected.label : loading ? 'Carregando...' : 'Selecione a concessionária...'}</span>
          <span aria-hidden>▾</span>
        </Combobox.Trigger>
      </Combobox.Control>
      <Combobox.Positioner>
        <Combobox.Content className={pickerClasses.content}>
          <Combobox.Input className={pickerClasses.input} placeholder="Buscar concessionária..." />
          <Combobox.Empty className={pickerClasses.empty}>Nenhuma concessionária encontrada.</Combobox.Empty>
          {collection.items.map((item) => (
            <Combobox.Item key={item.value} item={item} className={pickerClasses.item}>
              <Combobox.ItemText>{item.label}</Combobox.ItemText>
            </Combobox.Item>
          ))}
        </Combobox.Content>
      </Combobox.Positioner>
    </Combobox.Root>
  );
}
