/** Free-text search on indexes (docs/architecture.md "Free-text search"): bootstrap step and query rewrite. */
export { ensureSearchIndexes } from './indexes';
export { registerFreeTextSearch, rewriteFreeText } from './rewrite';
