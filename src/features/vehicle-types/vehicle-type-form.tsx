import { RegisterForm, useAppForm, type RegisterFieldsProps } from '@/components/form';
import { vehicleTypeData } from './api';
import { vehicleTypeFormSchema, vehicleTypeToForm, type VehicleType } from './schema';

/** 'Novo tipo de veículo' / 'Editar tipo de veículo' (spec 001 §2, §5 "Vehicle type", §8): Nome (2–150), Descrição (≤ 500), Ativo (default on). */
export function VehicleTypeForm() {
  return (
    <RegisterForm
      data={vehicleTypeData}
      schema={vehicleTypeFormSchema}
      toForm={vehicleTypeToForm}
      fields={VehicleTypeFields}
      texts={{
        titles: { new: 'Novo tipo de veículo', edit: 'Editar tipo de veículo' },
        loadFailed: 'Erro ao carregar tipo de veículo',
        notFound: 'Tipo de veículo não encontrado.',
        saved: { created: 'Tipo de veículo criado com sucesso', updated: 'Tipo de veículo atualizado com sucesso' },
        failed: { created: 'Erro ao criar tipo de veículo', updated: 'Erro ao atualizar tipo de veículo' },
      }}
    />
  );
}

function VehicleTypeFields({ options, page }: RegisterFieldsProps<VehicleType, typeof vehicleTypeFormSchema>) {
  const form = useAppForm(options);
  return (
    <form.AppForm>
      <form.RecordFormPage {...page}>
        <form.AppField name="name">{(f) => <f.TextField label="Nome" required />}</form.AppField>
        <form.AppField name="description">{(f) => <f.TextField label="Descrição" />}</form.AppField>
        <form.AppField name="is_active">{(f) => <f.SwitchField label="Ativo" />}</form.AppField>
      </form.RecordFormPage>
    </form.AppForm>
  );
}
