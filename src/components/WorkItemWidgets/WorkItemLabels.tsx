import { WORK_ITEM_WIDGET_LABELS } from '../../utils/workItems';
import { Label, splitScopedLabel } from '../Label';
import { WorkItemAttribute, type WorkItemAttributeEditor } from '../WorkItemAttribute/WorkItemAttribute';
import { useAttributeSearch } from '../WorkItemAttribute/useAttributeSearch';
import { AttributeListbox, widgetEditorParts } from './lazyEditorParts';
import type { WorkItemLabel, WorkItemWidgetBaseProps } from './types';
import './WorkItemWidgets.css';

/** The labels widget's texts (GitLab's). */
export const WORK_ITEM_LABELS_TEXTS = {
  search: 'Search labels',
  clear: 'Clear',
  createLabel: 'Create project label',
  manageLabels: 'Manage project labels',
} as const;

/**
 * The labels chosen after `added` joins `current`: a scoped label (`scope::value`) replaces any
 * other label of its scope, since an item has one value per scope (GitLab's scoped labels).
 */
export function withScopedLabel(current: readonly WorkItemLabel[], added: WorkItemLabel): WorkItemLabel[] {
  const scope = splitScopedLabel(added.title)?.scope;
  const kept = current.filter(
    (label) => label.id !== added.id && (scope === undefined || splitScopedLabel(label.title)?.scope !== scope),
  );
  return [...kept, added];
}

export interface WorkItemLabelsProps extends WorkItemWidgetBaseProps {
  /** The item's labels (GitLab's `labels.nodes`). */
  labels: readonly WorkItemLabel[];
  /** Saves the new labels (optimistic, reverted on rejection). */
  onChange?: (labels: WorkItemLabel[]) => Promise<void>;
  /** Finds labels of the project and its groups for the search text. @default undefined */
  searchLabels?: (query: string) => Promise<readonly WorkItemLabel[]>;
  /** Link to create a label, shown under the list. @default undefined */
  createLabelHref?: string;
  /** Link to the project's labels page, shown under the list. @default undefined */
  manageLabelsHref?: string;
  /** Each label links here (the list filtered by it). @default undefined */
  labelHref?: (label: WorkItemLabel) => string;
}

/**
 * The item's labels as `Label` chips (scoped labels in two parts), each removable by those who
 * may edit; editing searches labels and ticks several, one per scope.
 */
export function WorkItemLabels({
  labels,
  onChange,
  searchLabels,
  createLabelHref,
  manageLabelsHref,
  labelHref,
  ...rest
}: WorkItemLabelsProps) {
  return (
    <WorkItemAttribute<readonly WorkItemLabel[]>
      {...rest}
      label={WORK_ITEM_WIDGET_LABELS.LABELS}
      data-widget="LABELS"
      editorModule={widgetEditorParts}
      value={labels}
      onChange={onChange ? (next) => onChange([...next]) : undefined}
      isEqual={(a, b) => a.map((label) => label.id).join() === b.map((label) => label.id).join()}
      renderValue={(current, { commit, canUpdate }) => (
        <ul className="fk-work-item-widgets__labels">
          {current.map((label) => (
            <li key={label.id}>
              <Label
                title={label.title}
                color={label.color}
                href={labelHref?.(label)}
                onRemove={canUpdate ? () => commit(current.filter((other) => other.id !== label.id)) : undefined}
              />
            </li>
          ))}
        </ul>
      )}
      renderEditor={(editor) => (
        <LabelsEditor
          editor={editor}
          searchLabels={searchLabels}
          createLabelHref={createLabelHref}
          manageLabelsHref={manageLabelsHref}
        />
      )}
    />
  );
}

function LabelsEditor({
  editor,
  searchLabels,
  createLabelHref,
  manageLabelsHref,
}: {
  editor: WorkItemAttributeEditor<readonly WorkItemLabel[]>;
  searchLabels?: (query: string) => Promise<readonly WorkItemLabel[]>;
  createLabelHref?: string;
  manageLabelsHref?: string;
}) {
  const { results, isLoading, setQuery } = useAttributeSearch(searchLabels);
  const known = new Map<string, WorkItemLabel>();
  for (const label of [...editor.draft, ...results]) known.set(label.id, label);
  const footer =
    createLabelHref || manageLabelsHref ? (
      <>
        {createLabelHref ? <a href={createLabelHref}>{WORK_ITEM_LABELS_TEXTS.createLabel}</a> : null}
        {manageLabelsHref ? <a href={manageLabelsHref}>{WORK_ITEM_LABELS_TEXTS.manageLabels}</a> : null}
      </>
    ) : undefined;
  return (
    <AttributeListbox
      aria-label={WORK_ITEM_WIDGET_LABELS.LABELS}
      searchLabel={WORK_ITEM_LABELS_TEXTS.search}
      selectionMode="multiple"
      options={[...known.values()].map((label) => ({
        key: label.id,
        textValue: label.title,
        label: (
          <>
            <span className="fk-work-item-widgets__swatch" style={{ backgroundColor: label.color }} />
            <span className="fk-work-item-widgets__option-text">{label.title}</span>
          </>
        ),
      }))}
      selectedKeys={editor.draft.map((label) => label.id)}
      onSelectionChange={(keys) => {
        const chosen = new Set(keys);
        let next = editor.draft.filter((label) => chosen.has(label.id));
        for (const key of keys) {
          if (!next.some((label) => label.id === key)) next = withScopedLabel(next, known.get(key)!);
        }
        editor.setDraft(next);
      }}
      onSearchChange={setQuery}
      isLoading={isLoading}
      resetLabel={WORK_ITEM_LABELS_TEXTS.clear}
      onReset={() => editor.apply([])}
      footer={footer}
    />
  );
}
