// Discover's statement built once per shape and run unnamed: the text and values
// `homeSectionQuery` (home.repository.ts) makes, without composing it per request.
import { Placeholder, sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { HomeFilter, HomeSection } from '@glimpse/contract';
import type { DbOrTx } from '../../platform/db/database.ts';
import {
  sectionParams,
  sectionSql,
  type HomeList,
  type HomeRow,
  type SectionParams,
} from './home.repository.ts';

type ListKey = 'genders' | 'tags' | 'categories' | 'countries';
type ScalarKey = Exclude<keyof SectionParams, ListKey>;

/** Placeholders named after where each value sits in SectionParams ("viewerId", "tags.2"). */
function placeholdersOf(p: SectionParams): SectionParams {
  const one = (key: ScalarKey) => sql.placeholder(key);
  const many = (key: ListKey) => p[key].map((_, i) => sql.placeholder(`${key}.${i}`));
  return {
    viewerId: one('viewerId'),
    viewerCountry: one('viewerCountry'),
    latest: one('latest'),
    earliestExclusive: one('earliestExclusive'),
    genders: many('genders'),
    tags: many('tags'),
    categories: many('categories'),
    countries: many('countries'),
    limit: one('limit'),
    offset: one('offset'),
    window: one('window'),
  };
}

/** How one parameter of the shared text is read from a request's values. */
function readerOf(param: unknown): (p: SectionParams) => unknown {
  if (!(param instanceof Placeholder)) return () => param;
  const [key, index] = (param.name as string).split('.');
  if (index === undefined) return (p) => p[key as ScalarKey];
  return (p) => p[key as ListKey][Number(index)];
}

interface SectionStatement {
  text: string;
  readers: ((p: SectionParams) => unknown)[];
}

const dialect = new PgDialect();
/** SQL texts by shape: a few dozen in practice; the bound only stops a caller growing it. */
const statements = new Map<string, SectionStatement>();
const STATEMENTS_MAX = 500;

/**
 * `homeSectionQuery` as SQL text and values. The text depends only on the section, the list
 * and which filters are given with how many values, so it is built once per shape: building it
 * per request (drizzle's template composition and rendering) was most of the CPU Discover spent
 * beyond a bare route running the same SQL (bench/README.md, issue 8). The statement stays
 * unnamed, so PostgreSQL still plans it for the values it gets.
 */
export function sectionStatement(
  viewerId: number,
  section: HomeSection,
  filter: HomeFilter,
  paging: { limit: number; offset: number },
  list: HomeList = 'stories',
): { text: string; values: unknown[] } {
  const p = sectionParams(viewerId, filter, paging);
  const shape = `${list} ${section} ${p.genders.length} ${p.tags.length} ${p.categories.length} ${p.countries.length}`;
  let statement = statements.get(shape);
  if (!statement) {
    const query = dialect.sqlToQuery(sectionSql(section, list, placeholdersOf(p)));
    statement = { text: query.sql, readers: query.params.map(readerOf) };
    // Oldest out first: a Map keeps insertion order.
    if (statements.size >= STATEMENTS_MAX) statements.delete(statements.keys().next().value!);
    statements.set(shape, statement);
  }
  return { text: statement.text, values: statement.readers.map((read) => read(p)) };
}

export async function listHomeSection(
  db: DbOrTx,
  viewerId: number,
  section: HomeSection,
  filter: HomeFilter,
  paging: { limit: number; offset: number },
  list: HomeList = 'stories',
): Promise<HomeRow[]> {
  const { text, values } = sectionStatement(viewerId, section, filter, paging, list);
  // Unnamed, as db.execute runs it; the values are already in parameter order.
  const result = (await db._.session
    .prepareQuery({ sql: text, params: values }, undefined, undefined, false)
    .execute()) as { rows: HomeRow[] };
  return result.rows;
}
