export { WorkItemTypeIcon, workItemTypeIconName, type WorkItemTypeIconProps } from './WorkItemTypeIcon';
