import fc from 'fast-check';
import { hostileValue } from './hostile-values.ts';
import type { JsonSchema } from './openapi-operations.ts';

/** How often a node is swapped for a hostile value, and fields dropped or added, when hostile. */
const HOSTILE_WEIGHT = 1;
const VALID_WEIGHT = 4;
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

function objectArbitrary(
  schema: JsonSchema,
  hostile: boolean,
  depth: number,
): fc.Arbitrary<unknown> {
  const properties = schema.properties ?? {};
  const required = new Set(schema.required ?? []);
  const shape: Record<string, fc.Arbitrary<unknown>> = {};
  for (const [name, child] of Object.entries(properties))
    shape[name] = valueFor(child, hostile, depth + 1);
  const requiredKeys = hostile ? [] : [...required].filter((k) => k in shape);
  const record = fc.record(shape, { requiredKeys });
  if (!hostile) return record;
  // Missing required fields come from requiredKeys: []; extra fields are added here.
  return fc
    .tuple(
      record,
      fc.option(
        fc.tuple(fc.constantFrom('extra', '__proto__', 'a\u0000', 'constructor'), hostileValue),
      ),
    )
    .map(([value, extra]) => (extra ? { ...(value as object), [extra[0]]: extra[1] } : value));
}

/**
 * Values for a JSON Schema: valid-ish (within its types, bounds and enums), and when `hostile`,
 * any node may instead be a hostile string, a boundary number or the wrong type, required
 * fields may be missing and unknown ones present.
 */
export function valueFor(schema: JsonSchema, hostile: boolean, depth = 0): fc.Arbitrary<unknown> {
  const valid = validFor(schema, hostile, depth);
  if (!hostile) return valid;
  return fc.oneof(
    { weight: VALID_WEIGHT, arbitrary: valid },
    { weight: HOSTILE_WEIGHT, arbitrary: hostileValue },
  );
}

function validFor(schema: JsonSchema, hostile: boolean, depth: number): fc.Arbitrary<unknown> {
  if (depth > MAX_DEPTH) return fc.constant(null);
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (schema.enum) return fc.constantFrom(...schema.enum);
  const alternatives = schema.anyOf ?? schema.oneOf;
  if (alternatives?.length)
    return fc.oneof(...alternatives.map((s) => valueFor(s, hostile, depth + 1)));
  if (schema.allOf?.length) return valueFor(schema.allOf[0]!, hostile, depth + 1);
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
        return fc.array(valueFor(schema.items ?? {}, hostile, depth + 1), {
          minLength: schema.minItems ?? 0,
          maxLength: Math.max(schema.minItems ?? 0, Math.min(schema.maxItems ?? 4, 4)),
        });
      case 'object':
        return objectArbitrary(schema, hostile, depth);
      default:
        return fc.jsonValue({ maxDepth: 2 });
    }
  });
  return options.length > 0 ? fc.oneof(...options) : fc.jsonValue({ maxDepth: 2 });
}
