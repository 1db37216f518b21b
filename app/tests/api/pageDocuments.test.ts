// The product pages' GraphQL documents are valid against the server's schema: a renamed field
// fails here, not in a page at run time.
import { buildSchema, parse, validate } from 'graphql';
import { describe, expect, it } from 'vitest';
import * as workItemQueries from '../../src/pages/projects/issues/workItemQueries.ts';
import { typeDefs } from '../../server/graphql/schema.ts';

const documents = Object.entries(workItemQueries).flatMap(([name, value]) =>
  typeof value === 'string' && /^(query|mutation)\b/.test(value) ? [[name, value] as const] : [],
);

describe('the product pages and the schema', () => {
  const schema = buildSchema(typeDefs);

  it('finds the pages’ documents', () => {
    expect(documents.map(([name]) => name)).toContain('WORK_ITEM_BY_IID');
  });

  it.each(documents)('%s validates', (_name, text) => {
    expect(validate(schema, parse(text)).map((error) => error.message)).toEqual([]);
  });
});
