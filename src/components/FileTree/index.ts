export {
  FileTree,
  sortFileTreeEntries,
  FILE_TREE_ENTRY_ORDER,
  FILE_TREE_INITIAL_ROWS,
  FILE_TREE_LABELS,
  SYMLINK_MODE,
  type FileTreeCommit,
  type FileTreeEntry,
  type FileTreeEntryType,
  type FileTreeLabels,
  type FileTreeProps,
} from './FileTree';
