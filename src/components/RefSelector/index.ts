export {
  RefSelector,
  REF_SELECTOR_LABELS,
  REF_SELECTOR_OFFSET,
  type GitRef,
  type RefSelectorLabels,
  type RefSelectorProps,
  type RefType,
} from './RefSelector';
