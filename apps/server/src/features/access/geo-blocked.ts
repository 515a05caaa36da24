import { sql, type SQL } from 'drizzle-orm';
import { users } from '../../db/schema/index.ts';
import { requestCountry } from '../../platform/http/request-country.ts';

/**
 * Geo-blocking (issue 29, docs/trust-and-safety/geo-blocking.md): `blocker` listed the viewer's
 * country in `users.blocked_countries`, either the request's (`country`, from the client
 * address) or the signed-in viewer's profile country. Never the creator themself. Anonymous
 * viewers are viewer 0 (no such user: only the address counts).
 */
export function geoBlocked(blocker: SQL, viewer: number | SQL, country: SQL): SQL<boolean> {
  return sql<boolean>`exists (select 1 from ${users} g where g.id = ${blocker} and g.id <> ${viewer}
    and cardinality(g.blocked_countries) > 0
    and (${country} = any(g.blocked_countries)
      or exists (select 1 from ${users} p where p.id = ${viewer} and p.country_code = any(g.blocked_countries))))`;
}

/** The current request's country as a literal parameter ('' when unknown: matches nothing). */
export function countryLiteral(): SQL {
  return sql`${requestCountry() ?? ''}::text`;
}
