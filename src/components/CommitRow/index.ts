export {
  CommitRow,
  COMMIT_ROW_AVATAR_SIZE,
  COMMIT_ROW_LABELS,
  PIPELINE_STATUS_ICONS,
  PIPELINE_STATUS_TEXT,
  type CommitRowData,
  type CommitRowProps,
  type CommitTimeAgoOptions,
  type PipelineStatus,
} from './CommitRow';
export {
  CommitList,
  COMMIT_LIST_EMPTY_TITLE,
  commitCountText,
  type CommitListHeadingLevel,
  type CommitListProps,
} from './CommitList';
