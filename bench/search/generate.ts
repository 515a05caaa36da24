import { sql } from 'drizzle-orm';
import type { Db } from '../../apps/server/src/platform/db/database.ts';

/** First names and surnames the bench's creators are made of (the demo cast's among them). */
const FIRST = [
  'Anna Ana Ben Chloe Dario Eli Fatima Gabe Hana Isaac Jade Kai Lena Mateo Nora Omar Priya',
  'Quinn Rosa Sam Tara Uma Victor Wanda Xavier Yara Zoe Ava Bea Cleo Dana Esme Flora Gia Ines',
  'Juno Kira Lola Maya Nina Opal Pia Arlo Bruno Cyrus Dev Emil Finn Hugo Ivan Joel Leo Milo',
  'Nico Otto Rafa Teo Alex Blair Casey Drew Ellis Frankie Jules Kit Morgan Remy Robin Sky',
  'Toni Marta Lucia Sofia Elena Irene Jonas Lukas Felix Oskar Emma Mia Lina Clara Greta Paula',
  'Daniel David Samuel Tomas Marco Pablo Diego Carlos Luis Mario Hannah Sarah Laura Julia',
  'Nadia',
]
  .join(' ')
  .split(' ');
const LAST = [
  'Rivera Carter Martin Rossi Novak Haddad Muller Sato Mensah Wilson Andersen Petrova Silva',
  'Lindqvist Farouk Nair Taylor Jimenez ONeill Abara Berg Castro Diaz Eriksen Fischer Garcia',
  'Horvat Ito Jensen Kowalski Lopez Moreau Nguyen Olsen Perez Quispe Romero Schmidt Tanaka',
  'Ueda Vargas Weber Young Zimmer Almeida Bauer Costa Dubois Evans Ferrari Gomez Hansen',
  'Ivanova Kim Larsen Meyer Nielsen Okafor Park Ramos Santos Torres Urban Vidal Walker Yilmaz',
  'Zhang Alvarez Becker Chen Dimitrov Engel Fernandes Graham Hoffmann Ibrahim Jovanovic',
  'Keller Lehmann Marino Navarro Ortiz Popescu Richter Suarez Thomsen Vogel Wagner Bianchi',
  'Conti Esposito Fontana Greco Leone Mancini Moretti Ricci Rinaldi Russo Villa Kruger Lange',
  'Schulz Koch Wolf Braun Hartmann Krause Werner Schmitt Neumann Schwarz Zimmermann Schreiber',
  'Peters Lang Scholz Frank Jung Hahn Vogt Friedrich Kaiser Fuchs Berger Roth Beck Lorenz',
  'Baumann Franke Albrecht Ludwig Winter Simon Kraus Martens Sommer Stein Haas Brandt Graf',
  'Schubert Dietrich Kuhn Pohl Engel Horn Busch Bergmann Thomas Voigt Sauer Arnold Wolff',
]
  .join(' ')
  .split(' ');

/** The e-mail domain of the bench's rows, so they can be told from anything else. */
export const BENCH_EMAIL_DOMAIN = 'search.bench';

/**
 * Bench data only (never the demo seed): `count` creators in one `INSERT ... SELECT` over
 * `generate_series`, every combination of a first name and a surname many times over (as real
 * names repeat), handles `first-last-<hex id>`, two or three tags each; then ANALYZE. The
 * trigram indexes are built once after the insert, from their own definitions (the same index a
 * row-by-row insert leaves, in a fraction of the time).
 */
export async function generateCreators(db: Db, count: number): Promise<void> {
  const trigramIndexes = (
    await db.execute<{ name: string; definition: string }>(sql`
      select indexname as name, indexdef as definition from pg_indexes
      where tablename = 'users' and indexdef like '%gin_trgm_ops%'`)
  ).rows;
  for (const index of trigramIndexes) await db.execute(sql.raw(`drop index ${index.name}`));
  await db.execute(sql`
    insert into users (slug, name, email, password_hash, birthdate, sex, country_code)
    select lower(f.name) || '-' || lower(l.name) || '-' || to_hex(g),
      f.name || ' ' || l.name,
      'creator-' || g || ${`@${BENCH_EMAIL_DOMAIN}`}, 'not-a-login',
      (date '1960-01-01' + (g * 7919) % 15000),
      (array['male','female','transgender'])[1 + g % 3], 'de'
    from generate_series(1, ${count}::int) g
    cross join lateral (select (${sql.param(FIRST)}::text[])[1 + g % ${FIRST.length}] as name) f
    cross join lateral (
      select (${sql.param(LAST)}::text[])[1 + (g / ${FIRST.length}) % ${LAST.length}] as name
    ) l`);
  await db.execute(sql`
    insert into user_tags (user_id, tag_id)
    select u.id, t.id from users u
    join tags t on (u.id * 7 + t.id * 13) % 17 = 0
    where u.email like ${`%@${BENCH_EMAIL_DOMAIN}`}`);
  for (const index of trigramIndexes) await db.execute(sql.raw(index.definition));
  await db.execute(sql`analyze`);
}
