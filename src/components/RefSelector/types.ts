// The texts, the offset and the ref types: shared by the button and its lazily loaded list.
import { space } from '../../tokens/generated/tokens';

/** Texts: the button's and the search field's names, the section headings and the states. */
export const REF_SELECTOR_LABELS = {
  toggle: 'Switch branch/tag',
  search: 'Search by Git revision',
  branches: 'Branches',
  tags: 'Tags',
  loading: 'Loading',
  noResults: 'No matching results',
} as const;

/** The texts a RefSelector shows (REF_SELECTOR_LABELS in English). */
export type RefSelectorLabels = { [Key in keyof typeof REF_SELECTOR_LABELS]: string };

/** Gap in px between the button and the list (`--fk-space-2`). */
export const REF_SELECTOR_OFFSET = space['2'];

/** What a ref is: a branch or a tag. */
export type RefType = 'branch' | 'tag';

/** A chosen ref. */
export interface GitRef {
  name: string;
  type: RefType;
}
