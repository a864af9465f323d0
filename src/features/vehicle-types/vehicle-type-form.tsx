import { revalidateLogic } from '@tanstack/react-form';
import { useNavigate } from '@tanstack/react-router';
import { RecordForm, useAppForm, useSaveMutation } from '@/components/form';
import { isApiError } from '@/lib/api';
import { createVehicleType, updateVehicleType, vehicleTypeKeys, vehicleTypeQueries } from './api';
import { vehicleTypeFormSchema, vehicleTypeFormToPayload, vehicleTypeToForm, type VehicleType, type VehicleTypeFormValues } from './schema';

/**
 * 'Novo tipo de veículo' / 'Editar tipo de veículo' (spec 001 §2, §5 "Vehicle type", §8): Nome
 * (2–150), Descrição (≤ 500), Ativo (default on). A failed load toasts 'Erro ao carregar tipo de
 * veículo' and returns to /vehicle-types; a failed save shows the server's message or 'Erro ao
 * criar tipo de veículo' / 'Erro ao atualizar tipo de veículo'; saved: back to the list.
 */
export function VehicleTypeForm({ id, mode }: { id?: string; mode: 'new' | 'edit' }) {
  return (
    <RecordForm
      mode={mode}
      id={id}
      query={vehicleTypeQueries.detail}
      titles={{ new: 'Novo tipo de veículo', edit: 'Editar tipo de veículo' }}
      backTo={{ to: '/vehicle-types' }}
      loadErrorTitle="Erro ao carregar tipo de veículo"
      loadErrorDescription={(error) => (isApiError(error) && error.status === 404 ? 'Tipo de veículo não encontrado.' : error.message)}
    >
      {(vehicleType) => <VehicleTypeFields vehicleType={vehicleType} />}
    </RecordForm>
  );
}

function VehicleTypeFields({ vehicleType }: { vehicleType: VehicleType | undefined }) {
  const navigate = useNavigate();
  const save = useSaveMutation({
    save: (values: VehicleTypeFormValues) => {
      const data = vehicleTypeFormToPayload(values);
      return vehicleType ? updateVehicleType(vehicleType.documentId, data) : createVehicleType(data);
    },
    successMessage: vehicleType ? 'Tipo de veículo atualizado com sucesso' : 'Tipo de veículo criado com sucesso',
    errorMessage: vehicleType ? 'Erro ao atualizar tipo de veículo' : 'Erro ao criar tipo de veículo',
    invalidate: vehicleTypeKeys.all(),
    onSaved: () => navigate({ to: '/vehicle-types', search: { page: 1, pageSize: 10 } }),
  });
  const form = useAppForm({
    defaultValues: vehicleTypeToForm(vehicleType),
    // submit first, then again on every change: fixing one field clears its message (and a message on another field
    // no longer blocks the next Salvar)
    validationLogic: revalidateLogic(),
    validators: { onDynamic: vehicleTypeFormSchema },
    onSubmit: ({ value }) => save.submit(value),
  });
  return (
    <form.AppForm>
      <form.RecordFormPage title={vehicleType ? 'Editar tipo de veículo' : 'Novo tipo de veículo'} backTo={{ to: '/vehicle-types' }}>
        <form.AppField name="name">{(f) => <f.TextField label="Nome" required />}</form.AppField>
        <form.AppField name="description">{(f) => <f.TextField label="Descrição" />}</form.AppField>
        <form.AppField name="is_active">{(f) => <f.SwitchField label="Ativo" />}</form.AppField>
      </form.RecordFormPage>
    </form.AppForm>
  );
}
