/** The subset of JSON Schema (2020-12, as OpenAPI 3.1 uses) the fuzzer reads. */
export interface JsonSchema {
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
  items?: JsonSchema;
  minItems?: number;
  maxItems?: number;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  pattern?: string;
  format?: string;
  contentMediaType?: string;
  contentSchema?: JsonSchema;
  $ref?: string;
}

export interface Parameter {
  name: string;
  schema: JsonSchema;
  required: boolean;
}

export interface Operation {
  method: string;
  /** OpenAPI path template, e.g. `/api/stories/{id}`. */
  path: string;
  pathParams: Parameter[];
  query: Parameter[];
  /** Request body schema by content type (JSON, multipart). */
  bodies: Record<string, JsonSchema>;
}

interface OpenApiDocument {
  paths: Record<string, Record<string, OpenApiOperation>>;
  components?: { schemas?: Record<string, JsonSchema> };
}

interface OpenApiOperation {
  parameters?: { in: string; name: string; required?: boolean; schema?: JsonSchema }[];
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
}

const METHODS = ['get', 'put', 'post', 'delete', 'patch'];

/** Replaces `$ref`s into components with what they point to (the document has no cycles). */
function resolve(schema: JsonSchema | undefined, doc: OpenApiDocument, depth = 0): JsonSchema {
  if (!schema || depth > 20) return {};
  if (schema.$ref) {
    const name = schema.$ref.replace('#/components/schemas/', '');
    return resolve(doc.components?.schemas?.[name], doc, depth + 1);
  }
  const out: JsonSchema = { ...schema };
  if (schema.properties) {
    out.properties = Object.fromEntries(
      Object.entries(schema.properties).map(([k, v]) => [k, resolve(v, doc, depth + 1)]),
    );
  }
  if (schema.items) out.items = resolve(schema.items, doc, depth + 1);
  for (const key of ['anyOf', 'oneOf', 'allOf'] as const) {
    if (schema[key]) out[key] = schema[key]!.map((s) => resolve(s, doc, depth + 1));
  }
  if (schema.contentSchema) out.contentSchema = resolve(schema.contentSchema, doc, depth + 1);
  return out;
}

/** Every operation the OpenAPI document describes, with its parameters and bodies. */
export function operationsOf(doc: OpenApiDocument): Operation[] {
  const operations: Operation[] = [];
  for (const [path, item] of Object.entries(doc.paths)) {
    for (const method of METHODS) {
      const op = item[method];
      if (!op) continue;
      const params = (where: string) =>
        (op.parameters ?? [])
          .filter((p) => p.in === where)
          .map((p) => ({
            name: p.name,
            schema: resolve(p.schema, doc),
            required: p.required ?? false,
          }));
      const bodies: Record<string, JsonSchema> = {};
      for (const [contentType, media] of Object.entries(op.requestBody?.content ?? {}))
        bodies[contentType] = resolve(media.schema, doc);
      operations.push({
        method: method.toUpperCase(),
        path,
        pathParams: params('path'),
        query: params('query'),
        bodies,
      });
    }
  }
  return operations;
}
