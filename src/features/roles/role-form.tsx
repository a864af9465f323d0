import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { RecordForm, useAppForm, useSaveMutation } from '@/components/form';
import { isApiError } from '@/lib/api';
import type { PermissionTree } from '@/lib/permissions';
import { createRole, roleKeys, roleQueries, updateRole } from './api';
import { newRolePermissions } from './matrix';
import { roleCreatePayload, roleFormSchema, roleToForm, roleUpdatePayload, typeFromName, type RoleDetail, type RoleFormValues } from './schema';

/**
 * 'Novo papel' / 'Editar papel' (spec 000 §2.5, §2.7, §5 "Role form", §7, §8): Nome and Descrição
 * required ('Nome é obrigatório', 'Descrição é obrigatório'), Tipo filled with the lower-cased
 * name while typing (new roles; the server keeps a role's type on update, so it is read-only
 * when editing). A new role gets only the default permissions of §5; an edit sends the role's
 * loaded tree back unchanged. Failures: 'Erro ao criar papel' / 'Erro ao atualizar papel'.
 */
export function RoleForm({ id, mode }: { id?: string; mode: 'new' | 'edit' }) {
  return (
    <RecordForm
      mode={mode}
      id={id}
      query={roleQueries.detail}
      titles={{ new: 'Novo papel', edit: 'Editar papel' }}
      backTo={{ to: '/roles' }}
      loadErrorTitle="Erro ao carregar papel"
      loadErrorDescription={(error) => (isApiError(error) && error.status === 404 ? 'Papel não encontrado.' : error.message)}
    >
      {(role) => <RoleFields role={role} />}
    </RecordForm>
  );
}

function RoleFields({ role }: { role: RoleDetail | undefined }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  /** Every action the server knows, all off but the §5 defaults; only those six when the list cannot be read. */
  const defaultPermissions = async (): Promise<PermissionTree> => {
    const all = await queryClient.fetchQuery(roleQueries.permissions()).catch(() => ({}));
    return newRolePermissions(all);
  };
  const save = useSaveMutation({
    save: async (values: RoleFormValues) =>
      role ? updateRole(role.id, roleUpdatePayload(values, role.permissions)) : createRole(roleCreatePayload(values, await defaultPermissions())),
    successMessage: role ? 'Papel atualizado com sucesso' : 'Papel criado com sucesso',
    errorMessage: role ? 'Erro ao atualizar papel' : 'Erro ao criar papel',
    invalidate: roleKeys.all(),
    onSaved: () => navigate({ to: '/roles', search: { page: 1, pageSize: 10 } }),
  });
  const form = useAppForm({
    defaultValues: roleToForm(role),
    validators: { onSubmit: roleFormSchema },
    onSubmit: ({ value }) => save.submit(value),
  });
  return (
    <form.AppForm>
      <form.RecordFormPage title={role ? 'Editar papel' : 'Novo papel'} backTo={{ to: '/roles' }}>
        <form.AppField name="name" listeners={{ onChange: ({ value }) => !role && form.setFieldValue('type', typeFromName(value), { dontUpdateMeta: true }) }}>
          {(f) => <f.TextField label="Nome" required maxLength={100} />}
        </form.AppField>
        <form.AppField name="type">{(f) => <f.TextField label="Tipo" maxLength={100} disabled={Boolean(role)} />}</form.AppField>
        <form.AppField name="description">{(f) => <f.TextField label="Descrição" required maxLength={255} />}</form.AppField>
      </form.RecordFormPage>
    </form.AppForm>
  );
}
