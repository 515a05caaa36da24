import type { FastifySchema } from 'fastify';
import { z } from 'zod';

type JsonSchema = Record<string, unknown>;

declare module 'fastify' {
  interface FastifySchema {
    /**
     * Request bodies a handler reads itself (a multipart form, or a body whose schema depends on
     * its content type), by content type. Described in OpenAPI only: Fastify never validates
     * them, the handler does.
     */
    documentedBody?: Record<string, z.ZodType | JsonSchema>;
  }
}

/** A zod schema as the JSON Schema of what a client sends (OpenAPI 3.1 is 2020-12). */
export function inputJsonSchema(schema: z.ZodType): JsonSchema {
  const { $schema: _dialect, ...json } = z.toJSONSchema(schema, {
    io: 'input',
    unrepresentable: 'any',
  });
  return json;
}

/**
 * A multipart/form-data body in OpenAPI: `'file'` parts are binary, the others are JSON text
 * described by their zod schema (`contentSchema`, as OpenAPI 3.1 allows).
 */
export function multipartForm(
  parts: Record<string, 'file' | z.ZodType>,
  required: string[],
): JsonSchema {
  const properties: Record<string, JsonSchema> = {};
  for (const [name, part] of Object.entries(parts)) {
    properties[name] =
      part === 'file'
        ? { type: 'string', format: 'binary', contentMediaType: 'application/octet-stream' }
        : {
            type: 'string',
            contentMediaType: 'application/json',
            contentSchema: inputJsonSchema(part),
          };
  }
  return { type: 'object', properties, required };
}

interface TransformResult {
  schema: FastifySchema;
  url: string;
}

/** Wraps the swagger transform: a route's `documentedBody` becomes its OpenAPI request body. */
export function withDocumentedBodies<A extends { schema?: { documentedBody?: unknown } }>(
  transform: (args: A) => TransformResult,
): (args: A) => TransformResult {
  return (args) => {
    const result = transform(args);
    const bodies = args.schema?.documentedBody as
      Record<string, z.ZodType | JsonSchema> | undefined;
    if (!bodies) return result;
    const { documentedBody: _documented, ...schema } = result.schema;
    const content: Record<string, { schema: JsonSchema }> = {};
    for (const [contentType, body] of Object.entries(bodies)) {
      content[contentType] = {
        schema: body instanceof z.ZodType ? inputJsonSchema(body) : body,
      };
    }
    return { url: result.url, schema: { ...schema, body: { content } } };
  };
}
