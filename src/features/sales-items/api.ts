import { collection } from '@/lib/api/collection';
import { isApiError } from '@/lib/api/errors';
import { salesItemResource } from './resource';
import { salesItemSchema, withoutAmounts, type SalesItem, type SalesItemPayload } from './schema';

/** The data layer of sales items (spec 001 §7 "Sales items"): its list and record `populate=*`. */
export const salesItemData = collection(salesItemResource, {
  schema: salesItemSchema,
  loadError: 'Erro ao carregar os itens para venda: {message}',
  populate: '*',
});

/** True for the server's refusal of an unknown field ('Invalid key vehicle_documentation_company_amount'). */
export const isInvalidKeyError = (error: unknown) => isApiError(error) && /invalid key/i.test(error.message);

/**
 * POST /sales-items (new) or PUT /sales-items/{documentId} {data}. On an 'Invalid key' answer (a
 * backend without the amount fields, spec 001 §7) the call is retried once without the three
 * amounts; `partial` is then true. An edit sends `version` (`If-Match`). @throws ApiError (409 when the item changed since `version`)
 */
export async function saveSalesItem(documentId: string | undefined, data: SalesItemPayload, version?: string): Promise<{ item: SalesItem; partial: boolean }> {
  const send = (body: object) => (documentId ? salesItemData.update(documentId, body, version) : salesItemData.create(body));
  try {
    return { item: await send(data), partial: false };
  } catch (error) {
    if (!isInvalidKeyError(error)) throw error;
    return { item: await send(withoutAmounts(data)), partial: true };
  }
}
