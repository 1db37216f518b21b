import type { DateInput } from '../../utils/date';
import { WORK_ITEM_WIDGET_LABELS } from '../../utils/workItems';
import { WorkItemAttribute, type WorkItemAttributeEditor } from '../WorkItemAttribute/WorkItemAttribute';
import { useAttributeSearch } from '../WorkItemAttribute/useAttributeSearch';
import type { AttributeOptionGroup } from '../WorkItemAttribute/WorkItemAttributeListbox';
import { AttributeListbox, widgetEditorParts } from './lazyEditorParts';
import { isPastDue } from '../../utils/date';
import { calendarToday, useNow } from './dates';
import type { WorkItemMilestoneValue, WorkItemWidgetBaseProps } from './types';
import './WorkItemWidgets.css';

/** When a milestone runs, relative to today (spec section 4's generic states). */
export type MilestoneTimeframe = 'upcoming' | 'active' | 'expired' | 'closed';

/** The group headings of the milestone list, in order (spec section 4's labels). */
export const MILESTONE_TIMEFRAME_LABELS: Readonly<Record<MilestoneTimeframe, string>> = {
  upcoming: 'Upcoming',
  active: 'Active',
  expired: 'Expired',
  closed: 'Closed',
};

/** The milestone widget's texts (GitLab's). */
export const WORK_ITEM_MILESTONE_TEXTS = { search: 'Search milestones', clear: 'Clear', expired: 'expired' } as const;

/** Whether a milestone is closed, past its due day (expired), not started yet (upcoming) or running. */
export function milestoneTimeframe(milestone: WorkItemMilestoneValue, now: DateInput): MilestoneTimeframe {
  if (milestone.state === 'closed') return 'closed';
  if (isPastDue(milestone.dueDate, now)) return 'expired';
  if (milestone.startDate && milestone.startDate.slice(0, 10) > calendarToday(now)) return 'upcoming';
  return 'active';
}

export interface WorkItemMilestoneProps extends WorkItemWidgetBaseProps {
  /** The item's milestone, or `null`. */
  milestone: WorkItemMilestoneValue | null;
  /** Saves the new milestone (optimistic, reverted on rejection). */
  onChange?: (milestone: WorkItemMilestoneValue | null) => Promise<void>;
  /** Finds the project's and groups' milestones for the search text. @default undefined */
  searchMilestones?: (query: string) => Promise<readonly WorkItemMilestoneValue[]>;
  /** What 'now' is, for expired and upcoming (fixed in tests and stories). @default Date.now() */
  now?: DateInput;
}

/**
 * The item's milestone as a link, '(expired)' after its due day; editing picks one from a search
 * grouped Upcoming, Active and Expired as GitLab groups them, and applies at once.
 */
export function WorkItemMilestone({ milestone, onChange, searchMilestones, now, ...rest }: WorkItemMilestoneProps) {
  const today = useNow(now);
  return (
    <WorkItemAttribute<WorkItemMilestoneValue | null>
      {...rest}
      label={WORK_ITEM_WIDGET_LABELS.MILESTONE}
      data-widget="MILESTONE"
      editorModule={widgetEditorParts}
      value={milestone}
      isEqual={(a, b) => a?.id === b?.id}
      onChange={onChange}
      renderValue={(current) => {
        const title = current!.title;
        const expired = milestoneTimeframe(current!, today) === 'expired';
        const text = expired ? `${title} (${WORK_ITEM_MILESTONE_TEXTS.expired})` : title;
        return current!.webUrl ? <a href={current!.webUrl}>{text}</a> : <span>{text}</span>;
      }}
      renderEditor={(editor) => <MilestoneEditor editor={editor} searchMilestones={searchMilestones} now={today} />}
    />
  );
}

function MilestoneEditor({
  editor,
  searchMilestones,
  now,
}: {
  editor: WorkItemAttributeEditor<WorkItemMilestoneValue | null>;
  searchMilestones?: (query: string) => Promise<readonly WorkItemMilestoneValue[]>;
  now: DateInput;
}) {
  const { results, isLoading, setQuery } = useAttributeSearch(searchMilestones);
  const order = Object.keys(MILESTONE_TIMEFRAME_LABELS) as MilestoneTimeframe[];
  const groups: AttributeOptionGroup[] = order
    .map((timeframe) => ({
      key: timeframe,
      title: MILESTONE_TIMEFRAME_LABELS[timeframe],
      options: results
        .filter((milestone) => milestoneTimeframe(milestone, now) === timeframe)
        .map((milestone) => ({ key: milestone.id, textValue: milestone.title })),
    }))
    .filter((group) => group.options.length > 0);
  return (
    <AttributeListbox
      aria-label={WORK_ITEM_WIDGET_LABELS.MILESTONE}
      searchLabel={WORK_ITEM_MILESTONE_TEXTS.search}
      selectionMode="single"
      options={groups}
      selectedKeys={editor.draft ? [editor.draft.id] : []}
      onSelectionChange={([key]) => editor.apply(results.find((milestone) => milestone.id === key) ?? null)}
      onSearchChange={setQuery}
      isLoading={isLoading}
      resetLabel={WORK_ITEM_MILESTONE_TEXTS.clear}
      onReset={() => editor.apply(null)}
    />
  );
}
