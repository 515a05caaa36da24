import { isDeepStrictEqual } from 'node:util';
import fastJsonStringify from 'fast-json-stringify';
import { createSerializerCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';

type SerializerCompiler = ReturnType<typeof createSerializerCompiler>;
type Route = Parameters<SerializerCompiler>[0];

const checkedByZod = createSerializerCompiler({});

/**
 * Response bodies written from their contract schema compiled to a JSON writer
 * (fast-json-stringify, Fastify's own serializer): it writes only the declared fields, like zod's
 * parse strips unknown keys, without parsing a copy of every object on the way out. On a list
 * page that copy was the largest cost of the request after its SQL (bench/README.md, issue 8).
 *
 * The writer does not validate. With `checkResponses` (tests, the e2e server) every response is
 * also encoded by zod as before: a body the schema refuses throws as it always did, and a body
 * the two writers would send differently throws too, so the whole API suite proves the fast path
 * equal to the checked one. A schema that JSON Schema cannot express (transforms) keeps zod.
 */
export function responseSerializer(checkResponses: boolean): SerializerCompiler {
  return (route: Route) => {
    const checked = checkedByZod(route);
    const fast = compileFastWriter(route.schema);
    if (!fast) return checked;
    if (!checkResponses) return fast;
    return (data: unknown) => {
      const expected = checked(data);
      const actual = fast(data);
      if (!isDeepStrictEqual(JSON.parse(actual), JSON.parse(expected))) {
        throw new Error(
          `${route.method} ${route.url}: the compiled writer sent ${actual}, the schema ${expected}`,
        );
      }
      return actual;
    };
  };
}

type FastWriter = (data: unknown) => string;

/**
 * Writers by schema: a writer depends only on its schema, and the contract's schemas are module
 * constants, so servers started in one process (test files, a cluster's in-process peer) compile
 * each one once. Compiling every route's took about a fifth of a server's start.
 */
const writers = new WeakMap<z.ZodType, FastWriter | undefined>();

/** The JSON writer for a response schema, or undefined when only zod can write it. */
export function compileFastWriter(schema: unknown): FastWriter | undefined {
  if (!(schema instanceof z.ZodType)) return undefined;
  if (writers.has(schema)) return writers.get(schema);
  const writer = compileUncached(schema);
  writers.set(schema, writer);
  return writer;
}

function compileUncached(schema: z.ZodType): FastWriter | undefined {
  // A transform's output has no JSON Schema: the writer would send the value untransformed.
  let transforms = false;
  try {
    const { $schema: _ignored, ...jsonSchema } = z.toJSONSchema(schema, {
      io: 'output',
      target: 'draft-7',
      unrepresentable: 'throw',
      override: ({ zodSchema, jsonSchema: part }) => {
        const kind = zodSchema._zod.def.type;
        if (kind === 'transform' || kind === 'pipe') transforms = true;
        // zod writes objects closed (`additionalProperties: false`) in output mode. The writer
        // drops undeclared keys anyway, but inside a union it picks the branch by validating,
        // and a closed branch refuses a body with one key more: zod strips it and matches.
        if (kind === 'object' && part.additionalProperties === false)
          delete part.additionalProperties;
      },
    });
    if (transforms) return undefined;
    return fastJsonStringify(jsonSchema as Parameters<typeof fastJsonStringify>[0]);
  } catch {
    return undefined;
  }
}
