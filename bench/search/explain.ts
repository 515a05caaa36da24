import { sql, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { Db } from '../../apps/server/src/platform/db/database.ts';
import { planSearch } from '../../apps/server/src/features/search/search-plan.ts';
import { searchTerms } from '../../apps/server/src/features/search/search-terms.ts';
import {
  byHandlePrefixSql,
  byTrigramsSql,
  searchSettings,
  statementValues,
} from '../../apps/server/src/features/search/search.repository.ts';

const dialect = new PgDialect();

function literal(value: unknown): string {
  if (value === null || value === undefined) return 'null';
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return `'${String(value).replace(/'/g, "''")}'`;
}

function rowsOf(result: unknown): Record<string, unknown>[] {
  return ((result as { rows?: Record<string, unknown>[] }).rows ?? result) as Record<
    string,
    unknown
  >[];
}

/** How each scan in a plan reads the users table: `Bitmap Index Scan on users_name_trgm_idx`... */
function usersAccess(plan: string): string[] {
  const reads = plan.matchAll(
    /Seq Scan on users\b|Bitmap Index Scan on users_\w+|Index (?:Only )?Scan using \w+ on users\b/g,
  );
  return [...new Set([...reads].map((read) => read[0]))];
}

/**
 * EXPLAIN ANALYZE of each text's statement as the server runs it: the custom plan (values in
 * place) and the generic plan a named statement may settle on after five runs. Answers how the
 * users table was read and which plans read it whole.
 */
export async function explainSearches(
  db: Db,
  viewerId: number,
  texts: string[],
): Promise<{ summary: string; seqScans: string[] }> {
  const accesses = new Set<string>();
  const seqScans: string[] = [];
  for (const text of texts) {
    const plan = planSearch(viewerId, searchTerms(text), undefined, 21)!;
    const statement: SQL = plan.kind === 'handle' ? byHandlePrefixSql : byTrigramsSql;
    const query = dialect.sqlToQuery(statement);
    const values = statementValues(plan.search) as Record<string, unknown>;
    const literals = query.params.map((param) => literal(values[(param as { name: string }).name]));
    const inlined = query.sql.replace(/\$(\d+)/g, (_, n: string) => literals[Number(n) - 1]!);
    await db.transaction(async (tx) => {
      if (plan.kind === 'trigram') await tx.execute(searchSettings);
      const custom = rowsOf(await tx.execute(sql.raw(`explain analyze ${inlined}`)));
      await tx.execute(sql.raw('set local plan_cache_mode = force_generic_plan'));
      await tx.execute(sql.raw(`prepare bench_search as ${query.sql}`));
      const generic = rowsOf(
        await tx.execute(sql.raw(`explain execute bench_search(${literals.join(', ')})`)),
      );
      await tx.execute(sql.raw('deallocate bench_search'));
      for (const [kind, rows] of [
        ['custom', custom],
        ['generic', generic],
      ] as const) {
        const planText = rows.map((row) => Object.values(row)[0]).join('\n');
        for (const access of usersAccess(planText)) accesses.add(access);
        if (/Seq Scan on users\b/.test(planText)) seqScans.push(`"${text}" (${kind} plan)`);
        if (process.env.BENCH_SHOW_PLANS) console.log(`"${text}" (${kind} plan)\n${planText}`);
      }
    });
  }
  return { summary: [...accesses].sort().join(', '), seqScans };
}
