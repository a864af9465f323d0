import { z } from 'zod';

/** A dispatcher's record (a company of type dispatcher) is shared with the company form (src/shared/companies.ts). */
export { dispatcherSchema, isDispatcherType, type Dispatcher } from '@/shared/companies';

/** The dealership user of an agreement (spec 001 §3 "Dealership user": id, name, username, email, phone_number, trade_name). */
export const agreementCompanySchema = z.looseObject({
  id: z.number(),
  name: z.string().nullish(),
  username: z.string().nullish(),
  email: z.string().nullish(),
  phone_number: z.string().nullish(),
  trade_name: z.string().nullish(),
});

const percentSchema = z
  .union([z.number(), z.string()])
  .nullish()
  .transform((v) => (v === null || v === undefined || v === '' ? 0 : Number(v)));

/**
 * An agreement (spec 001 §3 "Agreement"): the dispatcher's and the dealership's users and the two
 * profit percentages (percent 0–100; on screen incentivoDespachante / incentivoConcessionaria).
 */
export const agreementSchema = z.looseObject({
  id: z.number(),
  documentId: z.string(),
  user_dispatcher_id: z.union([z.looseObject({ id: z.number() }), z.number()]).nullish(),
  user_company_id: z
    .union([agreementCompanySchema, z.number()])
    .nullish()
    .transform((v) => (typeof v === 'number' ? { id: v } : (v ?? null))),
  dispatcher_profit_percentage: percentSchema,
  company_profit_percentage: percentSchema,
});
export type Agreement = z.infer<typeof agreementSchema>;

/** The dealership shown on an agreement row: its user's name or username (spec 001 §2 "Concessionárias" card). */
export const agreementCompanyName = (a: Agreement) => {
  const c = a.user_company_id as z.infer<typeof agreementCompanySchema> | { id: number } | null;
  if (!c) return '';
  return ('name' in c && c.name) || ('trade_name' in c && c.trade_name) || ('username' in c && c.username) || `#${c.id}`;
};

/** A percentage as the list shows it: '12,5%' (pt-BR, up to 2 decimals). */
export const formatPercent = (n: number) => `${new Intl.NumberFormat('pt-BR', { maximumFractionDigits: 2 }).format(n)}%`;

/**
 * The incentives of an agreement (spec 001 §2 'Gerenciar Concessionárias', §3, §9): two
 * percentages 0–100 with two decimals (the inputs' step 0.01; a non-numeric entry becomes 0,
 * PercentField), default 0. Messages are ours (the spec gives none: docs/decisions.md).
 */
export const incentivesSchema = z.object({
  incentivoDespachante: z.number().min(0, 'O incentivo deve estar entre 0 e 100').max(100, 'O incentivo deve estar entre 0 e 100'),
  incentivoConcessionaria: z.number().min(0, 'O incentivo deve estar entre 0 e 100').max(100, 'O incentivo deve estar entre 0 e 100'),
});
export type Incentives = z.infer<typeof incentivesSchema>;

/** The 'Gerenciar Concessionárias' form: the dealership (company record id, 0 = none) and the incentives. */
export const linkFormSchema = incentivesSchema.extend({ companyId: z.number().int() });
export type LinkFormValues = z.infer<typeof linkFormSchema>;

/** Texts of spec 001 §5 and §8 "Dispatcher links". */
export const LINK_TEXTS = {
  selectCompany: 'Selecione uma concessionária para vincular!',
  noUserId: 'Despachante não possui user_id válido. Verifique os dados do despachante.',
  invalidId: 'ID do despachante inválido!',
  linksSaved: 'Vínculos salvos com sucesso!',
  linksFailed: 'Falha ao salvar vínculos!',
  incentivesUpdated: 'Incentivos atualizados com sucesso!',
  incentivesCreated: 'Incentivos criados com sucesso!',
  incentivesFailed: 'Falha ao atualizar incentivos!',
  linkRemoved: 'Vínculo removido com sucesso!',
  linkRemoveFailed: 'Falha ao remover vínculo!',
} as const;
