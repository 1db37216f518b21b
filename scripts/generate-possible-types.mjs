// Writes the GraphQL fragment map: every interface and union of the product's schema with the object
// types that implement it (GitLab's `possible_types.json`), which the client's cache needs to match
// fragments on abstract types. Run it whenever the schema changes and commit the output.
//
//   node scripts/generate-possible-types.mjs [schema.graphql] [output.json]
import { readFileSync, writeFileSync } from 'node:fs';
import { buildSchema, isAbstractType } from 'graphql';
import prettier from 'prettier';

const DEFAULT_SCHEMA = 'app/server/graphql/schema.graphql';
const DEFAULT_OUTPUT = 'src/client/graphql/possibleTypes.generated.json';

const [schemaPath = DEFAULT_SCHEMA, outputPath = DEFAULT_OUTPUT] = process.argv.slice(2);

const schema = buildSchema(readFileSync(schemaPath, 'utf8'));
const byName = (a, b) => a.name.localeCompare(b.name);

const fragmentMap = Object.fromEntries(
  Object.values(schema.getTypeMap())
    .filter((type) => isAbstractType(type) && !type.name.startsWith('__'))
    .sort(byName)
    .map((type) => [type.name, [...schema.getPossibleTypes(type)].sort(byName).map((t) => t.name)]),
);

// Formatted as the repository formats JSON, so the committed file passes the format check.
const options = (await prettier.resolveConfig(outputPath)) ?? {};
writeFileSync(outputPath, await prettier.format(JSON.stringify(fragmentMap), { ...options, filepath: outputPath }));
console.log(`${outputPath}: ${Object.keys(fragmentMap).length} abstract types from ${schemaPath}`);
