// forgekit: components, hooks and utilities. Component CSS ships as forgekit/styles.css,
// tokens as forgekit/tokens.css; design constants as forgekit/tokens.
export * from './components/Alert';
export * from './components/Avatar';
export * from './components/Badge';
export * from './components/BranchNameInput';
export * from './components/Breadcrumbs';
export * from './components/BroadcastMessage';
export * from './components/ColorPicker';
export * from './components/Counter';
export * from './components/DismissibleCallout';
export * from './components/FilterForm';
export * from './components/Form';
export * from './components/Icon';
export * from './components/Label';
export * from './components/LazyImage';
export * from './components/Pagination';
export * from './components/ScrollableTabs';
export * from './components/Sidebar';
export * from './components/SkeletonLoader';
export * from './components/TimeAgo';
export * from './components/TimeRangePicker';
export * from './components/TitleField';
export * from './components/Toast';
export * from './components/VisuallyHidden';
export * from './hooks';
export * from './utils';
