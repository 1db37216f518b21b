// Side-effect CSS imports: tsup extracts them into dist/index.css (exported as forgekit/styles.css).
declare module '*.css';
