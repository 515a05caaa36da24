import fc from 'fast-check';
import { hostileString, hostileValue } from './hostile-values.ts';
import type { JsonSchema } from './openapi-operations.ts';

const MAX_DEPTH = 6;

function types(schema: JsonSchema): string[] {
  if (Array.isArray(schema.type)) return schema.type;
  if (schema.type) return [schema.type];
  if (schema.properties) return ['object'];
  return [];
}

/** A date string in the range the product takes (birthdates), sometimes at its edges. */
const isoDay = fc.oneof(
  fc
    .date({
      min: new Date('1900-01-01T00:00:00Z'),
      max: new Date('2005-12-31T00:00:00Z'),
      noInvalidDate: true,
    })
    .map((d) => d.toISOString().slice(0, 10)),
  fc.constantFrom('1900-01-01', '0000-01-01', '2001-02-29', '1999-13-01', '9999-12-31'),
);

function stringArbitrary(schema: JsonSchema): fc.Arbitrary<string> {
  if (schema.format === 'email') return fc.emailAddress();
  if (schema.pattern === '^\\d{4}-\\d{2}-\\d{2}$') return isoDay;
  const minLength = schema.minLength ?? 0;
  const maxLength = Math.max(minLength, Math.min(schema.maxLength ?? 40, 40));
  if (schema.pattern) {
    try {
      return fc.stringMatching(new RegExp(schema.pattern, 'u'), { maxLength });
    } catch {
      // A pattern fast-check cannot generate from: plain strings still exercise the field.
    }
  }
  return fc.string({ minLength, maxLength, unit: 'grapheme' });
}

function numberArbitrary(schema: JsonSchema, integer: boolean): fc.Arbitrary<number> {
  const min =
    schema.minimum ??
    (schema.exclusiveMinimum !== undefined ? schema.exclusiveMinimum + (integer ? 1 : 0.01) : -1e6);
  const max =
    schema.maximum ??
    (schema.exclusiveMaximum !== undefined ? schema.exclusiveMaximum - (integer ? 1 : 0.01) : 1e6);
  const edges = fc.constantFrom(
    min,
    max,
    integer ? min - 1 : min - 0.01,
    integer ? max + 1 : max + 0.01,
  );
  if (integer) {
    const inRange = fc.integer({
      min: Math.ceil(Math.max(min, -2e9)),
      max: Math.floor(Math.min(max, 2e9)),
    });
    return fc.oneof({ weight: 4, arbitrary: inRange }, { weight: 1, arbitrary: edges });
  }
  const cents = fc
    .integer({
      min: Math.ceil(Math.max(min, -1e7) * 100),
      max: Math.floor(Math.min(max, 1e7) * 100),
    })
    .map((c) => c / 100);
  return fc.oneof({ weight: 4, arbitrary: cents }, { weight: 1, arbitrary: edges });
}

function objectArbitrary(schema: JsonSchema, depth: number): fc.Arbitrary<Record<string, unknown>> {
  const shape: Record<string, fc.Arbitrary<unknown>> = {};
  for (const [name, child] of Object.entries(schema.properties ?? {}))
    shape[name] = validFor(child, depth + 1);
  const requiredKeys = (schema.required ?? []).filter((key) => key in shape);
  return fc.record(shape, { requiredKeys });
}

const EXTRA_KEYS = ['extra', 'a\u0000', 'constructor', 'toString', '', 'x'.repeat(300)];

/**
 * A valid-ish object with exactly one thing wrong, so the fault reaches as deep as it can: one
 * field replaced (recursively), one required field dropped, or one unknown field added.
 */
function mutatedObject(schema: JsonSchema, depth: number): fc.Arbitrary<unknown> {
  const properties = Object.entries(schema.properties ?? {});
  // Often only the required fields beside the faulty one: every extra optional field is one
  // more chance to be refused before the fault reaches the database.
  const required = new Set(schema.required ?? []);
  const minimal = objectArbitrary(
    {
      ...schema,
      properties: Object.fromEntries(properties.filter(([key]) => required.has(key))),
    },
    depth,
  );
  const valid = fc.oneof(minimal, objectArbitrary(schema, depth));
  const options: fc.Arbitrary<unknown>[] = [
    fc
      .tuple(valid, fc.constantFrom(...EXTRA_KEYS), hostileValue)
      .map(([value, key, bad]) =>
        Object.defineProperty({ ...value }, key, { value: bad, enumerable: true }),
      ),
  ];
  if (properties.length > 0) {
    options.push(
      fc
        .constantFrom(...properties)
        .chain(([key, child]) => fc.tuple(valid, fc.constant(key), mutatedFor(child, depth + 1)))
        .map(([value, key, bad]) => ({ ...value, [key]: bad })),
    );
  }
  if (schema.required?.length) {
    options.push(
      fc.tuple(valid, fc.constantFrom(...schema.required)).map(([value, key]) => {
        const { [key]: _dropped, ...rest } = value;
        return rest;
      }),
    );
  }
  return fc.oneof(...options);
}

/** A value of the schema's shape with one fault: hostile, past a bound, or the wrong type. */
function mutatedFor(schema: JsonSchema, depth: number): fc.Arbitrary<unknown> {
  const kinds = types(schema);
  const options: fc.Arbitrary<unknown>[] = [hostileValue];
  // A string field mostly gets hostile strings: wrong types are refused early and teach less.
  if (kinds.includes('string')) options.push(hostileString, hostileString);
  if (depth < MAX_DEPTH && kinds.includes('object')) options.push(mutatedObject(schema, depth));
  if (depth < MAX_DEPTH && kinds.includes('array')) {
    const item = schema.items ?? {};
    options.push(
      fc
        .tuple(fc.array(validFor(item, depth + 1), { maxLength: 3 }), mutatedFor(item, depth + 1))
        .map(([items, bad]) => [...items, bad]),
      fc.array(validFor(item, depth + 1), {
        minLength: (schema.maxItems ?? 20) + 1,
        maxLength: (schema.maxItems ?? 20) + 1,
      }),
    );
  }
  if (kinds.includes('string') && schema.maxLength !== undefined && schema.maxLength < 10_000)
    options.push(fc.constant('x'.repeat(schema.maxLength + 1)));
  const alternatives = schema.anyOf ?? schema.oneOf;
  if (alternatives?.length && depth < MAX_DEPTH)
    options.push(fc.constantFrom(...alternatives).chain((s) => mutatedFor(s, depth + 1)));
  return fc.oneof(...options);
}

/**
 * Values for a JSON Schema: valid-ish (within its types, bounds and enums, with a few edge
 * values), or when `hostile`, the same with exactly one fault somewhere inside.
 */
export function valueFor(schema: JsonSchema, hostile: boolean): fc.Arbitrary<unknown> {
  return hostile ? mutatedFor(schema, 0) : validFor(schema, 0);
}

function validFor(schema: JsonSchema, depth: number): fc.Arbitrary<unknown> {
  if (depth > MAX_DEPTH) return fc.constant(null);
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (schema.enum) return fc.constantFrom(...schema.enum);
  const alternatives = schema.anyOf ?? schema.oneOf;
  if (alternatives?.length) return fc.oneof(...alternatives.map((s) => validFor(s, depth + 1)));
  if (schema.allOf?.length) return validFor(schema.allOf[0]!, depth + 1);
  const options = types(schema).map((type): fc.Arbitrary<unknown> => {
    switch (type) {
      case 'string':
        return stringArbitrary(schema);
      case 'integer':
        return numberArbitrary(schema, true);
      case 'number':
        return numberArbitrary(schema, false);
      case 'boolean':
        return fc.boolean();
      case 'null':
        return fc.constant(null);
      case 'array':
        return fc.array(validFor(schema.items ?? {}, depth + 1), {
          minLength: schema.minItems ?? 0,
          maxLength: Math.max(schema.minItems ?? 0, Math.min(schema.maxItems ?? 4, 4)),
        });
      case 'object':
        return objectArbitrary(schema, depth);
      default:
        return fc.jsonValue({ maxDepth: 2 });
    }
  });
  return options.length > 0 ? fc.oneof(...options) : fc.jsonValue({ maxDepth: 2 });
}
