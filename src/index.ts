// forgekit: components, hooks and utilities. Component CSS ships as forgekit/styles.css,
// tokens as forgekit/tokens.css; design constants as forgekit/tokens.
export * from './components/Avatar';
export * from './components/Badge';
export * from './components/Counter';
export * from './components/Icon';
export * from './components/SkeletonLoader';
export * from './components/VisuallyHidden';
export * from './hooks';
export * from './utils';
