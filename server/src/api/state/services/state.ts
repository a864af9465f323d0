import { factories, type Core } from '@strapi/strapi';
import { checkedService } from '../../../utils/checked-service';
import { fail, has, text } from '../../../utils/rules';
import type { Json } from '../../../utils/types';

const UID = 'api::state.state';

/**
 * State rules (spec 000 §5 "State form"): name trimmed, 2–100 (the schema checks the length);
 * abbreviation trimmed and upper-cased, exactly two letters (the schema's ^[A-Z]{2}$), and not
 * held by another state: 400 'Já existe um estado com a sigla XX.' (docs/decisions.md).
 */
async function check(strapi: Core.Strapi, data: Json, documentId: string | null) {
  text(data, 'name', { max: 100 });
  if (!has(data, 'abbreviation') || typeof data.abbreviation !== 'string') return;
  const abbreviation = data.abbreviation.trim().toUpperCase();
  data.abbreviation = abbreviation;
  if (abbreviation.length !== 2) return;
  await uniqueAbbreviation(strapi, data, documentId);
}

/** The abbreviation (already trimmed and upper-cased) is unique, backed by the schema's unique index `states_abbreviation_unique`. */
async function uniqueAbbreviation(strapi: Core.Strapi, data: Json, documentId: string | null) {
  const { abbreviation } = data;
  if (typeof abbreviation !== 'string') return;
  const other = await strapi.db.query(UID).findOne({ where: { abbreviation }, select: ['id', 'documentId'] });
  if (other && other.documentId !== documentId) fail('abbreviation', `Já existe um estado com a sigla ${abbreviation}.`);
}

export default factories.createCoreService(UID, checkedService(check, undefined, { recheck: uniqueAbbreviation }));
