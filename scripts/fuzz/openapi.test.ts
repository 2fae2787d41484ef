import { describe, expect, it } from 'vitest';
import { fillPath, listOperations, resolveRefs, schemaType } from './openapi.ts';

const doc = {
  openapi: '3.0.3',
  components: {
    schemas: {
      Id: { type: 'integer', minimum: 1 },
      Contact: {
        type: 'object',
        properties: { id: { $ref: '#/components/schemas/Id' }, email: { type: 'string' } },
        required: ['email'],
      },
    },
    parameters: { SiteId: { in: 'query', name: 'site_id', required: true, schema: { type: 'integer' } } },
  },
  paths: {
    '/api/v1/contact': {
      parameters: [{ $ref: '#/components/parameters/SiteId' }],
      post: {
        summary: 'Contact form',
        parameters: [{ in: 'query', name: 'lang', schema: { type: 'string' } }],
        requestBody: {
          content: { 'application/json': { schema: { $ref: '#/components/schemas/Contact' } } },
        },
      },
      put: { security: [{ apiKey: [] }], requestBody: { content: { 'application/json': { schema: {} } } } },
    },
    '/api/v1/product/{id}': {
      get: { parameters: [{ in: 'path', name: 'id', schema: { type: 'string' } }] },
    },
    '/api/v1/media/{*}': { get: { parameters: [{ in: 'path', name: '*', required: true, schema: {} }] } },
  },
};

describe('listOperations', () => {
  it('lists every method of every path with its parameters, body and key requirement', () => {
    const ops = listOperations(doc);
    expect(ops.map((op) => `${op.method} ${op.path}`)).toEqual([
      'PUT /api/v1/contact',
      'POST /api/v1/contact',
      'GET /api/v1/product/{id}',
      'GET /api/v1/media/{*}',
    ]);
    const post = ops[1]!;
    expect(post.queryParams.map((p) => [p.name, p.required])).toEqual([
      ['site_id', true],
      ['lang', false],
    ]);
    expect(post.body?.properties?.id).toEqual({ type: 'integer', minimum: 1 });
    expect(post.needsKey).toBe(false);
    expect(ops[0]!.needsKey).toBe(true);
    expect(ops[2]!.pathParams).toEqual([
      { name: 'id', in: 'path', required: true, schema: { type: 'string' } },
    ]);
  });

  it('refuses what is not an OpenAPI document', () => {
    expect(() => listOperations({ openapi: '3.0.3' })).toThrow(/paths/);
    expect(() => listOperations('<html>')).toThrow(/paths/);
  });
});

describe('resolveRefs', () => {
  it('cuts reference cycles instead of looping', () => {
    const cyclic = {
      components: { schemas: { Node: { properties: { next: { $ref: '#/components/schemas/Node' } } } } },
    };
    const resolved = JSON.stringify(resolveRefs({ $ref: '#/components/schemas/Node' }, cyclic));
    expect(resolved.length).toBeLessThan(5000);
  });
});

describe('fillPath and schemaType', () => {
  it('inserts raw values, the wildcard included', () => {
    expect(fillPath('/api/v1/product/{id}', { id: '%00' })).toBe('/api/v1/product/%00');
    expect(fillPath('/api/v1/media/{*}', { '*': 'p/x.png' })).toBe('/api/v1/media/p/x.png');
  });

  it('reads the main type of nullable, union and implicit schemas', () => {
    expect(schemaType({ type: ['null', 'integer'] })).toBe('integer');
    expect(schemaType({ nullable: true, type: 'string' })).toBe('string');
    expect(schemaType({ properties: {} })).toBe('object');
    expect(schemaType({ anyOf: [{ type: 'number' }, { type: 'string' }] })).toBe('number');
    expect(schemaType({ enum: ['pro', 'part'] })).toBe('string');
    expect(schemaType({})).toBe('unknown');
  });
});
