import { WORK_ITEM_WIDGET_LABELS } from '../../utils/workItems';
import { Badge, type BadgeVariant } from '../Badge';
import { WorkItemAttribute } from '../WorkItemAttribute/WorkItemAttribute';
import { AttributeListbox, widgetEditorParts } from './lazyEditorParts';
import type { WorkItemWidgetBaseProps } from './types';
import './WorkItemWidgets.css';

/** GitLab's health statuses (`HealthStatus` enum values), in order. */
export const HEALTH_STATUSES = ['onTrack', 'needsAttention', 'atRisk'] as const;
export type HealthStatus = (typeof HEALTH_STATUSES)[number];

/** Each status's text and GitLab's colour for it (green, orange, red). */
export const HEALTH_STATUS_DISPLAY: Readonly<Record<HealthStatus, { text: string; variant: BadgeVariant }>> = {
  onTrack: { text: 'On track', variant: 'success' },
  needsAttention: { text: 'Needs attention', variant: 'warning' },
  atRisk: { text: 'At risk', variant: 'danger' },
};

/** The health status widget's texts (GitLab's). */
export const WORK_ITEM_HEALTH_STATUS_TEXTS = { search: 'Search health status', clear: 'No status' } as const;

export interface WorkItemHealthStatusProps extends WorkItemWidgetBaseProps {
  /** The status, or `null`. */
  healthStatus: HealthStatus | null;
  /** Saves the new status (optimistic, reverted on rejection). */
  onChange?: (healthStatus: HealthStatus | null) => Promise<void>;
}

/** On track, Needs attention or At risk, as a badge in GitLab's colour; editing picks one. */
export function WorkItemHealthStatus({ healthStatus, onChange, ...rest }: WorkItemHealthStatusProps) {
  return (
    <WorkItemAttribute<HealthStatus | null>
      {...rest}
      label={WORK_ITEM_WIDGET_LABELS.HEALTH_STATUS}
      data-widget="HEALTH_STATUS"
      editorModule={widgetEditorParts}
      value={healthStatus}
      onChange={onChange}
      renderValue={(status) => (
        <Badge variant={HEALTH_STATUS_DISPLAY[status!].variant} icon="status-health" data-health-status={status}>
          {HEALTH_STATUS_DISPLAY[status!].text}
        </Badge>
      )}
      renderEditor={(editor) => (
        <AttributeListbox
          aria-label={WORK_ITEM_WIDGET_LABELS.HEALTH_STATUS}
          searchLabel={WORK_ITEM_HEALTH_STATUS_TEXTS.search}
          selectionMode="single"
          options={HEALTH_STATUSES.map((status) => ({ key: status, textValue: HEALTH_STATUS_DISPLAY[status].text }))}
          selectedKeys={editor.draft ? [editor.draft] : []}
          onSelectionChange={([key]) => editor.apply((key as HealthStatus | undefined) ?? null)}
          resetLabel={WORK_ITEM_HEALTH_STATUS_TEXTS.clear}
          onReset={() => editor.apply(null)}
        />
      )}
    />
  );
}
