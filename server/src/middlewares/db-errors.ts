import { errors } from '@strapi/utils';
import { errors as dbErrors } from '@strapi/database';
import type { AppContext } from '../utils/types';
import { isUniqueViolation } from '../utils/unique';

/**
 * `global::db-errors`, just inside strapi::errors.
 * PostgreSQL refuses values SQLite silently accepts (text in an integer filter, an id beyond int4,
 * a NUL byte, a string over varchar(255), a LIKE operator on a date/number/boolean column); those
 * driver errors become a 400 with a readable message
 * instead of a 500. Unique violations (PostgreSQL's and SQLite's: utils/unique.ts) become 409; the services of
 * the unique business values answer their races with their own message first (docs/architecture.md
 * "Concurrent writes"). Strapi's own value errors from its database
 * layer (`InvalidDatetimeFormat`, `InvalidDateFormat`, `InvalidTimeFormat`, `InvalidRelationError`,
 * `NotNullError`: e.g. `filters[createdAt][$gt]=notadate` on /users, whose stock controller skips
 * the entity service that maps them) become a 400 with Strapi's message, as the entity service
 * does. A statement PostgreSQL cancelled at its time limit (57014, DATABASE_STATEMENT_TIMEOUT_MS) becomes a 503 that
 * says so. Anything else is rethrown untouched.
 */
const BAD_VALUE: Record<string, string> = {
  '22P02': 'Valor inválido para o tipo do campo (ex.: texto onde se espera um número).',
  '22003': 'Número fora do intervalo permitido.',
  '22021': 'Texto com caracteres inválidos.',
  '22001': 'Texto longo demais para o campo.',
  '22007': 'Data inválida.',
  '22008': 'Data fora do intervalo permitido.',
  '22023': 'Valor inválido.',
  '23502': 'Campo obrigatório ausente.',
  '23503': 'Registro relacionado não encontrado.',
  '23514': 'Valor fora das regras do campo.',
  '2201X': 'Paginação inválida.',
  '2201W': 'Paginação inválida.',
  // `$contains`/`$startsWith`/`$endsWith` (LIKE) on a date, number or boolean column: SQLite compares
  // the text, PostgreSQL has no such operator (found by the query fuzzer, tests/fuzz-query-body.test.ts)
  '42883': 'Filtro inválido: o operador não se aplica ao tipo do campo (ex.: $contains em uma data ou número).',
  // A sort the request composed that PostgreSQL cannot run (e.g. `sort=vehicle_type_id.publishedAt:sideways`
  // on a single record, found by the query fuzzer): SQLite runs it, PostgreSQL refuses the SQL.
  '42P10': 'Ordenação inválida para esta consulta.',
  '42601': 'Consulta inválida: verifique os parâmetros de ordenação e filtro.',
  '42703': 'Consulta inválida: campo desconhecido.',
};

/** The answer (503) to a statement PostgreSQL cancelled at its time limit. */
export const STATEMENT_TIMEOUT_MESSAGE =
  'A consulta demorou mais que o limite do servidor e foi interrompida: use menos filtros (ou filtros mais específicos) e tente de novo.';

/** A driver error and the errors it wraps (knex, pg and better-sqlite3 name them differently). */
type DriverError = { code?: unknown; cause?: DriverError; originalError?: DriverError; nativeError?: DriverError };

function driverCode(e: unknown): string | undefined {
  for (let cur = e as DriverError | undefined, depth = 0; cur && depth < 4; cur = cur.cause ?? cur.originalError ?? cur.nativeError, depth++) {
    if (typeof cur.code === 'string' && /^[0-9A-Z]{5}$/.test(cur.code)) return cur.code;
  }
  return undefined;
}

export default () => async (ctx: AppContext, next: () => Promise<void>) => {
  try {
    await next();
  } catch (e) {
    if (e instanceof dbErrors.DatabaseError) throw new errors.ValidationError(e.message, { source: 'database' });
    const code = driverCode(e);
    if (code && BAD_VALUE[code]) throw new errors.ValidationError(BAD_VALUE[code], { code });
    if (code === '57014') {
      // PostgreSQL cancelled the statement at DATABASE_STATEMENT_TIMEOUT_MS (config/database.ts)
      ctx.status = 503;
      ctx.body = { data: null, error: { status: 503, name: 'ServiceUnavailableError', message: STATEMENT_TIMEOUT_MESSAGE, details: { code } } };
      return;
    }
    if (isUniqueViolation(e)) {
      ctx.status = 409;
      ctx.body = {
        data: null,
        error: {
          status: 409,
          name: 'ConflictError',
          message: 'Registro duplicado: já existe um registro com este valor.',
          details: { code: code ?? 'unique' },
        },
      };
      return;
    }
    throw e;
  }
};
