import fc from 'fast-check';
import type { JsonSchema, Operation } from './openapi-operations.ts';
import type { FuzzRequest, KnownValues } from './request-arbitrary.ts';
import { valueFor } from './schema-arbitrary.ts';

/** The strings PostgreSQL refuses or that must never be stored: NUL, broken UTF-16, a control. */
export const STORAGE_BREAKERS = ['a\u0000b', '\ud800', 'x\u001by'];

const isString = (schema: JsonSchema) =>
  schema.type === 'string' || (Array.isArray(schema.type) && schema.type.includes('string'));

/** Paths (one level into arrays) of the string fields of an object schema, and how to set them. */
interface StringField {
  name: string;
  wrap: (bad: string) => unknown;
}

function stringFields(schema: JsonSchema): StringField[] {
  return Object.entries(schema.properties ?? {}).flatMap(([name, child]): StringField[] => {
    const options = [child, ...(child.anyOf ?? [])];
    if (options.some(isString)) return [{ name, wrap: (bad: string) => bad }];
    if (options.some((o) => o.items && isString(o.items)))
      return [{ name, wrap: (bad: string) => [bad] }];
    return [];
  });
}

/**
 * Not random: every string field of every JSON body, each path parameter and each query
 * parameter gets each storage breaker once, beside otherwise valid-ish values. The random cases
 * rarely hit one named field with one named string; this sweep always does.
 */
export function fieldSweep(op: Operation, known: KnownValues, seed: number): FuzzRequest[] {
  const requests: FuzzRequest[] = [];
  const realPath = (override?: [string, string]) =>
    op.pathParams.reduce(
      (url, param) =>
        url.replace(
          `{${param.name}}`,
          override?.[0] === param.name ? override[1] : encodeURIComponent(known.pathValues[0]!),
        ),
      op.path,
    );
  const base = {
    method: op.method,
    headers: {} as Record<string, string>,
    anonymous: false,
  };
  for (const bad of STORAGE_BREAKERS) {
    const encoded = bad.includes('\ud800') ? '%ED%A0%80' : encodeURIComponent(bad);
    for (const param of op.pathParams)
      requests.push({ ...base, url: realPath([param.name, encoded]) });
    for (const param of op.query)
      requests.push({ ...base, url: `${realPath()}?${encodeURIComponent(param.name)}=${encoded}` });
    const json = op.bodies['application/json'];
    if (json) {
      // Only the required fields beside the swept one: any other could be refused first.
      const required = new Set(json.required ?? []);
      const minimal = {
        ...json,
        properties: Object.fromEntries(
          Object.entries(json.properties ?? {}).filter(([key]) => required.has(key)),
        ),
      };
      const [valid] = fc.sample(valueFor(minimal, false), { seed, numRuns: 1 }) as [
        Record<string, unknown>,
      ];
      for (const field of stringFields(json)) {
        requests.push({
          ...base,
          url: realPath(),
          headers: { 'content-type': 'application/json' },
          payload: JSON.stringify({ ...valid, [field.name]: field.wrap(bad) }),
        });
      }
    }
  }
  return requests;
}
