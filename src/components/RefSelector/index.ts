export { RefSelector, type RefSelectorProps } from './RefSelector';
export { REF_SELECTOR_LABELS, REF_SELECTOR_OFFSET, type GitRef, type RefSelectorLabels, type RefType } from './types';
