/**
 * Bounds the web needs in its first bundle, where the zod schemas that hold them cannot go;
 * endpoints.test.ts checks each against its schema.
 */

/** The largest `limit` a home section serves per page (`homeFilterQuery`). */
export const HOME_PAGE_LIMIT_MAX = 60;
