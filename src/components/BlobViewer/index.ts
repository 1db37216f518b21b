export {
  BlobViewer,
  lineHash,
  parseLineHash,
  BLOB_VIEWER_LABELS,
  BLOB_VIEWER_MODES,
  type BlobBlameCommit,
  type BlobBlameRange,
  type BlobHighlighter,
  type BlobViewerLabels,
  type BlobViewerMode,
  type BlobViewerProps,
  type LineRange,
} from './BlobViewer';
