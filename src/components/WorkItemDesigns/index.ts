export {
  WorkItemDesigns,
  WORK_ITEM_DESIGNS_TEXTS,
  DESIGN_UPLOAD_LIMIT,
  DESIGN_FILE_TYPES,
  type WorkItemDesignVersion,
  type WorkItemDesign,
  type WorkItemDesignsProps,
} from './WorkItemDesigns';
