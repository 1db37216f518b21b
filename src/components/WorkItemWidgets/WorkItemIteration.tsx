import { formatDate } from '../../utils/date';
import { WORK_ITEM_WIDGET_LABELS } from '../../utils/workItems';
import { WorkItemAttribute, type WorkItemAttributeEditor } from '../WorkItemAttribute/WorkItemAttribute';
import { useAttributeSearch } from '../WorkItemAttribute/useAttributeSearch';
import type { AttributeOptionGroup } from '../WorkItemAttribute/WorkItemAttributeListbox';
import { AttributeListbox, widgetEditorParts } from './lazyEditorParts';
import type { WorkItemIterationValue, WorkItemWidgetBaseProps } from './types';
import './WorkItemWidgets.css';

/** The iteration widget's texts (GitLab's). */
export const WORK_ITEM_ITERATION_TEXTS = { search: 'Search iterations', clear: 'Clear' } as const;

/** 'Nov 1, 2026 – Nov 14, 2026': an iteration's period, which names it when it has no title. */
export function iterationPeriod(iteration: Pick<WorkItemIterationValue, 'startDate' | 'dueDate'>): string {
  const day = (date: string) => formatDate(date, 'mediumDate', { timeZone: 'UTC' });
  return `${day(iteration.startDate)} – ${day(iteration.dueDate)}`;
}

export interface WorkItemIterationProps extends WorkItemWidgetBaseProps {
  /** The item's iteration, or `null`. */
  iteration: WorkItemIterationValue | null;
  /** Saves the new iteration (optimistic, reverted on rejection). */
  onChange?: (iteration: WorkItemIterationValue | null) => Promise<void>;
  /** Finds the group's open iterations for the search text. @default undefined */
  searchIterations?: (query: string) => Promise<readonly WorkItemIterationValue[]>;
}

/**
 * The item's iteration: its cadence, then its title or period; editing picks one from a search
 * grouped by cadence, and applies at once.
 */
export function WorkItemIteration({ iteration, onChange, searchIterations, ...rest }: WorkItemIterationProps) {
  return (
    <WorkItemAttribute<WorkItemIterationValue | null>
      {...rest}
      label={WORK_ITEM_WIDGET_LABELS.ITERATION}
      data-widget="ITERATION"
      editorModule={widgetEditorParts}
      value={iteration}
      isEqual={(a, b) => a?.id === b?.id}
      onChange={onChange}
      renderValue={(current) => {
        const period = iterationPeriod(current!);
        const name = current!.title ? `${current!.title}: ${period}` : period;
        return (
          <span className="fk-work-item-widgets__stack">
            <span className="fk-work-item-widgets__subtle">{current!.iterationCadence.title}</span>
            {current!.webUrl ? <a href={current!.webUrl}>{name}</a> : <span>{name}</span>}
          </span>
        );
      }}
      renderEditor={(editor) => <IterationEditor editor={editor} searchIterations={searchIterations} />}
    />
  );
}

function IterationEditor({
  editor,
  searchIterations,
}: {
  editor: WorkItemAttributeEditor<WorkItemIterationValue | null>;
  searchIterations?: (query: string) => Promise<readonly WorkItemIterationValue[]>;
}) {
  const { results, isLoading, setQuery } = useAttributeSearch(searchIterations);
  const groups = new Map<string, AttributeOptionGroup & { options: AttributeOptionGroup['options'][number][] }>();
  for (const iteration of results) {
    const cadence = iteration.iterationCadence;
    const group = groups.get(cadence.id) ?? { key: cadence.id, title: cadence.title, options: [] };
    const period = iterationPeriod(iteration);
    group.options.push({ key: iteration.id, textValue: iteration.title ? `${iteration.title} ${period}` : period });
    groups.set(cadence.id, group);
  }
  return (
    <AttributeListbox
      aria-label={WORK_ITEM_WIDGET_LABELS.ITERATION}
      searchLabel={WORK_ITEM_ITERATION_TEXTS.search}
      selectionMode="single"
      options={[...groups.values()]}
      selectedKeys={editor.draft ? [editor.draft.id] : []}
      onSelectionChange={([key]) => editor.apply(results.find((iteration) => iteration.id === key) ?? null)}
      onSearchChange={setQuery}
      isLoading={isLoading}
      resetLabel={WORK_ITEM_ITERATION_TEXTS.clear}
      onReset={() => editor.apply(null)}
    />
  );
}
