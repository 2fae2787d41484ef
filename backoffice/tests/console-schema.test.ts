/**
 * The staff console's API types are the back-office's OpenAPI document as it is now: a route whose schema changed
 * without `npm run console:types` fails here, before the console is built against a stale contract.
 */
import { expect, test } from 'vitest';
import {
  committedConsoleSchema,
  CONSOLE_SCHEMA_FILE,
  dropDanglingReferences,
  generatedConsoleSchema,
  REGENERATE_COMMAND,
} from './support/console-schema.ts';

test(
  'the committed console schema is generated from the live OpenAPI document',
  { timeout: 120_000 },
  async () => {
    const live = await generatedConsoleSchema();
    // One line to read in the failure, not a 20,000-line diff.
    expect(
      committedConsoleSchema() === live,
      `${CONSOLE_SCHEMA_FILE} differs from the live document: run \`${REGENERATE_COMMAND}\` and commit it`,
    ).toBe(true);
  },
);

test('a reference to an undefined component becomes an open schema; defined ones stay', () => {
  const document = {
    openapi: '3.0.3',
    info: { title: 't', version: '1' },
    components: { schemas: { Known: { type: 'string' } } },
    paths: {
      '/a': {
        get: {
          responses: {
            200: {
              description: 'ok',
              content: {
                'application/json': {
                  schema: {
                    type: 'object',
                    properties: {
                      known: { $ref: '#/components/schemas/Known' },
                      children: { type: 'array', items: { $ref: '#/components/schemas/schema0' } },
                    },
                  },
                },
              },
            },
          },
        },
      },
    },
  };
  expect(dropDanglingReferences(document)).toEqual(['schema0']);
  const schema = document.paths['/a'].get.responses[200].content['application/json'].schema;
  expect(schema.properties.known).toEqual({ $ref: '#/components/schemas/Known' });
  expect(schema.properties.children).toEqual({ type: 'array', items: {} });
});
