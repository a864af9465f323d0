import { factories } from '@strapi/strapi';
import { signedFileLink } from '../../../utils/file-access';
import { ownPartyField, type Scope } from '../../../utils/scope';
import { scopedActions } from '../../../utils/scoped-controller';
import type { AppContext, Json } from '../../../utils/types';

const UID = 'api::document-type.document-type';

export default factories.createCoreController(UID, ({ strapi }) => ({
  /**
   * find/findOne/create/update/delete: the common scoped actions (utils/scoped-controller.ts,
   * scope `api::document-type.document-type` in utils/scope.ts); a party creating a type is its
   * own side of it, and cannot move a type to another party on update. Rules: the service.
   */
  ...scopedActions(UID, strapi, {
    notFound: 'Tipo de documento não encontrado',
    writePopulate: ['user_dispatcher_id', 'user_company_id'],
    force(data: Json, scope: Scope, op: 'create' | 'update') {
      const own = ownPartyField(scope);
      if (!own) return;
      if (op === 'create') data[own] = scope.userId;
      else delete data[own];
    },
  }),

  /**
   * GET /document-types/get-signed-url?fileDocId=&fileUrl= → `{data:{signedUrl, expiresIn}}` (spec 001 §7,
   * §8 "Files"): the rules are utils/file-access.ts `signedFileLink` (400 for a bad query, 404 for an
   * unknown file, 403 for a file outside the caller's scope).
   */
  async getSignedUrl(ctx: AppContext) {
    ctx.body = { data: await signedFileLink(strapi, ctx.state.user, ctx.query as Json) };
  },
}));
