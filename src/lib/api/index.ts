export { api, apiRequest, buildPath, PUBLIC_PATHS } from './client';
export type { HttpMethod, RequestOptions, ResponseSchema } from './client';
export { ApiError, isApiError, isNoAnswer, errorMessage } from './errors';
export { pagedSchema, singleSchema, paginationSchema, emptyPage, toStrapiListQuery, strapiIdSchema, strapiRelation } from './strapi';
export type { Paged, Pagination, FilterOperator, ListQueryInput } from './strapi';
