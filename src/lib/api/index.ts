export { api, apiRequest, buildPath, onWrite, PUBLIC_PATHS } from './client';
export type { HttpMethod, RequestOptions, RequestScope, ResponseSchema, WriteListener } from './client';
export { ApiError, SESSION_CHANGED, isApiError, isNoAnswer, errorMessage } from './errors';
export { pagedSchema, singleSchema, paginationSchema, emptyPage, toStrapiListQuery, strapiIdSchema, strapiRelation } from './strapi';
export type { Paged, Pagination, FilterOperator, ListQueryInput } from './strapi';
export { conflictVersion, ifMatchHeaders, isEditConflict, recordVersion } from './edit-version';
