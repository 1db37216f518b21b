// forgekit: components, hooks and utilities. Component CSS ships as forgekit/styles.css,
// tokens as forgekit/tokens.css; design constants as forgekit/tokens.
export * from './components/Icon';
export * from './utils';
