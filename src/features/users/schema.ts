import { isValid, parseISO } from 'date-fns';
// zod/mini: see lib/api/strapi.ts.
import * as z from 'zod/mini';
import { strapiIdSchema } from '@/lib/api/strapi';
import { documentMessage, sanitizeDocument } from '@/lib/document';

/** Users (users-permissions, spec 000 §3): the record of the users screens, their form and list search (the reference schema is shared: src/shared/users.ts). */

/** User types the server knows (spec 000 §3: company, salesman, admin; the server adds dispatcher). */
export const USER_TYPES = ['salesman', 'company', 'dispatcher', 'admin'] as const;
export type UserType = (typeof USER_TYPES)[number];

/** The 'Tipo' options of the user form (docs/decisions.md "Users screens"). */
export const USER_TYPE_OPTIONS: ReadonlyArray<{ value: UserType; label: string }> = [
  { value: 'salesman', label: 'Vendedor' },
  { value: 'company', label: 'Concessionária' },
  { value: 'dispatcher', label: 'Despachante' },
  { value: 'admin', label: 'Administrador' },
];

const relationRef = z.looseObject({ id: strapiIdSchema, name: z.nullish(z.string()) });

/**
 * A user as `GET /users?populate=*` and `GET /users/{id}?populate=*` answer an administrator
 * (spec 000 §3 "User"). Non-administrators get party accounts with id, documentId, name and type
 * only, so everything but `id` is optional. Relations arrive populated or absent.
 */
export const userSchema = z.looseObject({
  id: strapiIdSchema,
  documentId: z.optional(z.string()),
  username: z.nullish(z.string()),
  email: z.nullish(z.string()),
  name: z.nullish(z.string()),
  phone_number: z.nullish(z.string()),
  blocked: z.nullish(z.boolean()),
  confirmed: z.nullish(z.boolean()),
  type: z.nullish(z.string()),
  role: z.nullish(z.extend(relationRef, { type: z.nullish(z.string()) })),
  address_street: z.nullish(z.string()),
  address_number: z.nullish(z.string()),
  address_postal_code: z.nullish(z.string()),
  address_state_id: z.nullish(z.extend(relationRef, { abbreviation: z.nullish(z.string()) })),
  birth_date: z.nullish(z.string()),
  company_id: z.nullish(z.looseObject({ id: strapiIdSchema, trade_name: z.nullish(z.string()), legal_name: z.nullish(z.string()) })),
  createdAt: z.nullish(z.string()),
});
export type User = z.infer<typeof userSchema>;

/** The 'Estado' cell of the users list: the state's name, else 'N/A' (spec 000 §2.6). */
export const userStateName = (user: Pick<User, 'address_state_id'>): string => user.address_state_id?.name || 'N/A';

const PASSWORD_MESSAGE = 'Senha deve ter pelo menos 6 caracteres e confirmação deve coincidir';

/** Fields of the user form (spec 000 §3 "User"); ids of relations are numbers, 0 = none chosen. */
export interface UserFormValues {
  username: string;
  email: string;
  name: string;
  phone_number: string;
  type: UserType;
  role: number;
  address_state_id: number;
  address_street: string;
  address_number: string;
  address_postal_code: string;
  /** `yyyy-MM-dd` or '' */
  birth_date: string;
  blocked: boolean;
  /** The dealership (company record) a salesman sells for; 0 = none (docs/decisions.md "Users screens"). */
  company_id: number;
  password: string;
  confirmPassword: string;
}

/**
 * The user form (spec 000 §5 "User form"), messages verbatim: username at least 11 ('CPF/CNPJ é
 * obrigatório') and then a valid CPF/CNPJ (lib/document.ts: 'CPF inválido', 'CNPJ inválido'...,
 * alphanumeric CNPJ accepted); 'Email inválido'; name at least 2 ('Nome completo é obrigatório');
 * 'Permissão é obrigatória'; 'Estado é obrigatório'; on create only, password at least 6 and equal
 * to confirmPassword ('Senha deve ter pelo menos 6 caracteres e confirmação deve coincidir', on the
 * confirmation field). Phone, address, number, postal code and birth date are optional.
 */
export const userFormSchema = (mode: 'new' | 'edit') =>
  z
    .object({
      username: z.string(),
      email: z.string().check(z.trim(), z.email('Email inválido')),
      name: z.string().check(z.trim(), z.minLength(2, 'Nome completo é obrigatório')),
      phone_number: z.string(),
      type: z.enum(USER_TYPES),
      role: z.number().check(z.int(), z.positive('Permissão é obrigatória')),
      address_state_id: z.number().check(z.int(), z.positive('Estado é obrigatório')),
      address_street: z.string(),
      address_number: z.string(),
      address_postal_code: z.string(),
      birth_date: z.string().check(z.refine((d) => d === '' || isValid(parseISO(d)), 'Data de nascimento inválida')),
      blocked: z.boolean(),
      company_id: z.number().check(z.int(), z.minimum(0)),
      password: z.string(),
      confirmPassword: z.string(),
    })
    .check(
      z.superRefine((v, ctx) => {
        const doc = sanitizeDocument(v.username);
        if (doc.length < 11) ctx.addIssue({ code: 'custom', path: ['username'], message: 'CPF/CNPJ é obrigatório' });
        else {
          const problem = documentMessage(doc);
          if (problem) ctx.addIssue({ code: 'custom', path: ['username'], message: problem });
        }
        if (mode === 'new' && (v.password.length < 6 || v.password !== v.confirmPassword)) {
          ctx.addIssue({ code: 'custom', path: ['confirmPassword'], message: PASSWORD_MESSAGE });
        }
      }),
    );

/** Labels of the form's fields, for the 'Erro de Validação' toast (field: message). */
export const USER_FIELD_LABELS: Record<keyof UserFormValues, string> = {
  username: 'CPF/CNPJ',
  email: 'Email',
  name: 'Nome completo',
  phone_number: 'Telefone',
  type: 'Tipo',
  role: 'Permissão',
  address_state_id: 'Estado',
  address_street: 'Endereço',
  address_number: 'Número',
  address_postal_code: 'CEP',
  birth_date: 'Data de nascimento',
  blocked: 'Status',
  company_id: 'Concessionária',
  password: 'Senha',
  confirmPassword: 'Confirmar senha',
};

/** The 'Erro de Validação' lines (spec 000 §5): `Label: message` per failing field, in form order. */
export function userFormErrorLines(mode: 'new' | 'edit', values: UserFormValues): string[] {
  const result = userFormSchema(mode).safeParse(values);
  if (result.success) return [];
  return result.error.issues.map((i) => `${USER_FIELD_LABELS[i.path[0] as keyof UserFormValues] ?? String(i.path[0])}: ${i.message}`);
}

/** The type of a loaded user: company when missing (spec 000 §3); unknown words fall back to it too. */
const loadedType = (type: string | null | undefined): UserType => ((USER_TYPES as readonly string[]).includes(type ?? '') ? (type as UserType) : 'company');

/** Form values of a loaded user (edit) or of a new one (type salesman, spec 000 §9). */
export function userToForm(user?: User): UserFormValues {
  return {
    username: sanitizeDocument(user?.username ?? ''),
    email: user?.email ?? '',
    name: user?.name ?? '',
    phone_number: (user?.phone_number ?? '').replace(/\D/g, ''),
    type: user ? loadedType(user.type) : 'salesman',
    role: user?.role?.id ?? 0,
    address_state_id: user?.address_state_id?.id ?? 0,
    address_street: user?.address_street ?? '',
    address_number: user?.address_number ?? '',
    address_postal_code: (user?.address_postal_code ?? '').replace(/\D/g, ''),
    birth_date: user?.birth_date ? user.birth_date.slice(0, 10) : '',
    blocked: Boolean(user?.blocked),
    company_id: user?.company_id?.id ?? 0,
    password: '',
    confirmPassword: '',
  };
}

/** The fields both writes share, from valid values (trimmed; document as bare characters). */
function commonFields(v: UserFormValues) {
  return {
    username: sanitizeDocument(v.username),
    email: v.email.trim(),
    name: v.name.trim(),
    phone_number: v.phone_number,
    type: v.type,
    address_street: v.address_street.trim(),
    address_number: v.address_number.trim(),
    address_postal_code: v.address_postal_code,
    blocked: v.blocked,
  };
}

/** The dealership link: only a salesman sells for one (docs/decisions.md "Users screens"). */
const dealership = (v: UserFormValues) => (v.type === 'salesman' && v.company_id > 0 ? v.company_id : null);

/**
 * The body of POST /users (spec 000 §7): `{data: {...}}` with role and address_state_id (and the
 * salesman's company_id) as connect lists, provider 'local', confirmed true, confirmPassword
 * dropped, an empty birth date left out. @throws ZodError when the values are invalid
 */
export function userFormToCreatePayload(values: UserFormValues) {
  userFormSchema('new').parse(values);
  const company = dealership(values);
  return {
    data: {
      ...commonFields(values),
      password: values.password,
      role: { connect: [{ id: values.role }] },
      address_state_id: { connect: [{ id: values.address_state_id }] },
      ...(company ? { company_id: { connect: [{ id: company }] } } : {}),
      ...(values.birth_date ? { birth_date: values.birth_date } : {}),
      provider: 'local' as const,
      confirmed: true,
    },
  };
}

/**
 * The body of PUT /users/{id} (spec 000 §7): the fields directly, not wrapped; relations as ids
 * (company_id null unless a salesman with a dealership); an empty birth date as null; an empty
 * password omitted (a non-empty one is sent). @throws ZodError when the values are invalid
 */
export function userFormToUpdatePayload(values: UserFormValues) {
  userFormSchema('edit').parse(values);
  return {
    ...commonFields(values),
    role: values.role,
    address_state_id: values.address_state_id,
    company_id: dealership(values),
    birth_date: values.birth_date || null,
    ...(values.password ? { password: values.password } : {}),
  };
}
