/**
 * The operations of an OpenAPI 3 document, flattened for the fuzzer: method, path template, parameters and the
 * JSON request-body schema with `$ref`s resolved. Pure: the document is fetched by the caller.
 */

/** The subset of JSON Schema the back-office's document uses (zod → OpenAPI 3.0). */
export interface JsonSchema {
  $ref?: string;
  type?: string | string[];
  nullable?: boolean;
  enum?: unknown[];
  const?: unknown;
  default?: unknown;
  format?: string;
  pattern?: string;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: boolean | number;
  minLength?: number;
  maxLength?: number;
  minItems?: number;
  maxItems?: number;
  items?: JsonSchema;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
}

export interface Parameter {
  name: string;
  in: 'path' | 'query' | 'header' | 'cookie';
  required: boolean;
  schema: JsonSchema;
}

export interface Operation {
  /** Upper case: GET, POST, … */
  method: string;
  /** The template as the document writes it: `/api/v1/product/{id}`, `/api/v1/media/{*}`. */
  path: string;
  pathParams: Parameter[];
  queryParams: Parameter[];
  /** The JSON request-body schema, if the operation takes one. */
  body?: JsonSchema;
  /** The operation declares a security requirement (the `x-api-key` header). */
  needsKey: boolean;
  summary: string;
}

const METHODS = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options'] as const;
const MAX_REF_DEPTH = 20;

type Json = Record<string, unknown>;

function isObject(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Follows a local `#/components/...` pointer. */
function lookup(doc: Json, ref: string): unknown {
  if (!ref.startsWith('#/')) return undefined;
  let node: unknown = doc;
  for (const raw of ref.slice(2).split('/')) {
    const key = raw.replace(/~1/g, '/').replace(/~0/g, '~');
    node = isObject(node) ? node[key] : undefined;
  }
  return node;
}

/** A copy of `schema` with every local `$ref` replaced by its target (cycles cut after MAX_REF_DEPTH). */
export function resolveRefs(schema: unknown, doc: Json, depth = 0): unknown {
  if (Array.isArray(schema)) return schema.map((item) => resolveRefs(item, doc, depth));
  if (!isObject(schema)) return schema;
  if (typeof schema.$ref === 'string') {
    if (depth >= MAX_REF_DEPTH) return {};
    return resolveRefs(lookup(doc, schema.$ref) ?? {}, doc, depth + 1);
  }
  return Object.fromEntries(
    Object.entries(schema).map(([key, value]) => [key, resolveRefs(value, doc, depth)]),
  );
}

function toParameter(raw: unknown, doc: Json): Parameter | undefined {
  const param = resolveRefs(raw, doc);
  if (!isObject(param) || typeof param.name !== 'string') return undefined;
  const where = param.in;
  if (where !== 'path' && where !== 'query' && where !== 'header' && where !== 'cookie') return undefined;
  return {
    name: param.name,
    in: where,
    required: param.required === true || where === 'path',
    schema: (isObject(param.schema) ? param.schema : {}) as JsonSchema,
  };
}

/** Every operation of the document, in document order. Throws when `doc` is not an OpenAPI document. */
export function listOperations(doc: unknown): Operation[] {
  if (!isObject(doc) || !isObject(doc.paths)) throw new Error('not an OpenAPI document: no "paths"');
  const operations: Operation[] = [];
  for (const [path, item] of Object.entries(doc.paths)) {
    if (!isObject(item)) continue;
    const shared = Array.isArray(item.parameters) ? item.parameters : [];
    for (const method of METHODS) {
      const op = item[method];
      if (!isObject(op)) continue;
      const params = [...shared, ...(Array.isArray(op.parameters) ? op.parameters : [])]
        .map((raw) => toParameter(raw, doc))
        .filter((param): param is Parameter => param !== undefined);
      // An operation's own parameter overrides a path-level one of the same name and place.
      const unique = new Map(params.map((param) => [`${param.in}:${param.name}`, param]));
      const requestBody = resolveRefs(op.requestBody, doc);
      const content = isObject(requestBody) && isObject(requestBody.content) ? requestBody.content : {};
      const json = Object.entries(content).find(([type]) => /json/i.test(type))?.[1];
      operations.push({
        method: method.toUpperCase(),
        path,
        pathParams: [...unique.values()].filter((param) => param.in === 'path'),
        queryParams: [...unique.values()].filter((param) => param.in === 'query'),
        body: isObject(json) && isObject(json.schema) ? (json.schema as JsonSchema) : undefined,
        needsKey: Array.isArray(op.security) && op.security.length > 0,
        summary: typeof op.summary === 'string' ? op.summary : '',
      });
    }
  }
  return operations;
}

/** `/api/v1/product/{id}` with `{ id: 'x' }` → `/api/v1/product/x`; values are inserted as given (raw). */
export function fillPath(template: string, values: Record<string, string>): string {
  return template.replace(/\{([^}]+)\}/g, (whole, name: string) => values[name] ?? whole);
}

/** The schema's main type: `integer`, `number`, `string`, `boolean`, `array`, `object` or `unknown`. */
export function schemaType(schema: JsonSchema): string {
  const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== 'null') : schema.type;
  if (type) return type;
  if (schema.properties) return 'object';
  if (schema.items) return 'array';
  const variants = schema.anyOf ?? schema.oneOf ?? schema.allOf;
  if (variants?.length) return schemaType(variants[0]!);
  if (schema.enum?.length) return typeof schema.enum[0];
  return 'unknown';
}
