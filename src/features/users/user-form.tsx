import { revalidateLogic, useStore } from '@tanstack/react-form';
import { useNavigate } from '@tanstack/react-router';
import { RecordForm, useSaveMutation } from '@/components/form';
import { useMaskedAppForm } from '@/components/form/masked-form';
import { Switch } from '@/components/ui/switch';
import { toast } from '@/components/ui/toast';
import { stateOptions } from '@/shared/states';
import { session, useSession } from '@/lib/session';
import { createUser, dealershipOptionsQuery, roleOptionsQuery, updateUser, userKeys, userQueries } from './api';
import {
  USER_TYPE_OPTIONS,
  userFormErrorLines,
  userFormSchema,
  userFormToCreatePayload,
  userFormToUpdatePayload,
  userToForm,
  type User,
  type UserFormValues,
} from './schema';

const BACK = { to: '/users' } as const;

/**
 * 'Novo usuário' / 'Editar usuário' (spec 000 §2.5, §2.6, §3, §5 "User form", §7, §8). A failed
 * load toasts 'Erro ao carregar usuário' / 'Não foi possível carregar os dados do usuário' and goes
 * back to /users.
 */
export function UserForm({ id, mode }: { id?: string; mode: 'new' | 'edit' }) {
  return (
    <RecordForm
      mode={mode}
      id={id}
      query={userQueries.detail}
      titles={{ new: 'Novo usuário', edit: 'Editar usuário' }}
      backTo={BACK}
      loadErrorTitle="Erro ao carregar usuário"
      loadErrorDescription={() => 'Não foi possível carregar os dados do usuário'}
    >
      {(user) => <UserFields user={user} />}
    </RecordForm>
  );
}

/**
 * The fields of spec 000 §3 "User": CPF/CNPJ (formatted as typed, stored bare), Nome completo,
 * Email, Telefone, Tipo (salesman by default), Permissão (GET /users-permissions/roles), the
 * salesman's Concessionária (company_id), Estado (up to 100 states), address, CEP, birth date,
 * the create-only password and confirmation, and the 'Usuário Ativo' / 'Usuário Bloqueado' switch.
 * Invalid on submit: the messages under the fields and a destructive 'Erro de Validação' toast
 * listing `field: message`. Saved: 'Usuário criado com sucesso' / 'Usuário atualizado com
 * sucesso', back to /users; failures: the server's message or 'Erro ao criar usuário' /
 * 'Erro ao atualizar usuário'. Editing oneself refreshes the session user.
 */
function UserFields({ user }: { user: User | undefined }) {
  const navigate = useNavigate();
  const { user: me } = useSession();
  const mode = user ? 'edit' : 'new';
  const save = useSaveMutation({
    save: async (values: UserFormValues, version?: string) => {
      if (!user) return createUser(userFormToCreatePayload(values));
      const saved = await updateUser(user.id, userFormToUpdatePayload(values), version);
      if (me?.id === user.id) await session.refreshUser();
      return saved;
    },
    successMessage: user ? 'Usuário atualizado com sucesso' : 'Usuário criado com sucesso',
    errorMessage: user ? 'Erro ao atualizar usuário' : 'Erro ao criar usuário',
    invalidate: userKeys.all(),
    onSaved: () => navigate({ to: '/users', search: { page: 1, pageSize: 10 } }),
    edit: user ? { record: user, toForm: (u: User) => userToForm(u), detail: userQueries.detail(String(user.id)) } : undefined,
  });
  const form = useMaskedAppForm({
    defaultValues: userToForm(user),
    // submit first, then on every change: a message left on one field (the confirmation) clears when another
    // field (the password) fixes it, instead of blocking every next Salvar
    validationLogic: revalidateLogic(),
    validators: { onDynamic: userFormSchema(mode) },
    onSubmit: ({ value }) => save.submit(value),
    onSubmitInvalid: ({ value }) => {
      const lines = userFormErrorLines(mode, value);
      if (lines.length) toast({ title: 'Erro de Validação', description: lines.join('\n'), variant: 'destructive' });
    },
  });
  const type = useStore(form.store, (s) => s.values.type);
  return (
    <form.AppForm>
      <form.RecordFormPage title={user ? 'Editar usuário' : 'Novo usuário'} backTo={BACK} conflict={user ? save.conflict : undefined}>
        <form.AppField name="username">{(f) => <f.DocumentField label="CPF/CNPJ" required />}</form.AppField>
        <form.AppField name="name">{(f) => <f.TextField label="Nome completo" required maxLength={150} autoComplete="off" />}</form.AppField>
        <form.AppField name="email">
          {(f) => <f.TextField label="Email" type="email" inputMode="email" required maxLength={100} autoComplete="off" />}
        </form.AppField>
        <form.AppField name="phone_number">{(f) => <f.PhoneField label="Telefone" />}</form.AppField>
        <form.AppField name="type">{(f) => <f.SelectField label="Tipo" options={USER_TYPE_OPTIONS} required />}</form.AppField>
        <form.AppField name="role">
          {(f) => (
            <f.QuerySelectField
              label="Permissão"
              required
              query={roleOptionsQuery()}
              optionLabel={(r) => r.name}
              current={user?.role ? { ...user.role, name: user.role.name ?? '' } : null}
              emptyLabel="Selecione..."
            />
          )}
        </form.AppField>
        {type === 'salesman' ? (
          <form.AppField name="company_id">
            {(f) => (
              <f.QuerySelectField
                label="Concessionária"
                helper="A concessionária para a qual o vendedor vende (define os dados que ele vê)."
                query={dealershipOptionsQuery()}
                optionLabel={(c) => c.trade_name || c.legal_name || `#${c.id}`}
                current={user?.company_id ?? null}
                emptyLabel="Nenhuma"
              />
            )}
          </form.AppField>
        ) : null}
        <form.AppField name="address_state_id">
          {(f) => (
            <f.QuerySelectField
              label="Estado"
              required
              query={stateOptions()}
              optionLabel={(s) => s.name}
              current={user?.address_state_id ? { ...user.address_state_id, documentId: '', name: user.address_state_id.name ?? '', abbreviation: '' } : null}
              emptyLabel="Selecione..."
            />
          )}
        </form.AppField>
        <form.AppField name="address_street">{(f) => <f.TextField label="Endereço" maxLength={150} />}</form.AppField>
        <form.AppField name="address_number">{(f) => <f.TextField label="Número" maxLength={10} />}</form.AppField>
        <form.AppField name="address_postal_code">{(f) => <f.CepField label="CEP" />}</form.AppField>
        <form.AppField name="birth_date">{(f) => <f.TextField label="Data de nascimento" type="date" />}</form.AppField>
        {user ? null : (
          <>
            <form.AppField name="password">{(f) => <f.TextField label="Senha" type="password" required autoComplete="new-password" />}</form.AppField>
            <form.AppField name="confirmPassword">
              {(f) => <f.TextField label="Confirmar senha" type="password" required autoComplete="new-password" />}
            </form.AppField>
          </>
        )}
        <form.AppField name="blocked">
          {(f) => <Switch label={f.state.value ? 'Usuário Bloqueado' : 'Usuário Ativo'} checked={!f.state.value} onChange={(on) => f.handleChange(!on)} />}
        </form.AppField>
      </form.RecordFormPage>
    </form.AppForm>
  );
}
