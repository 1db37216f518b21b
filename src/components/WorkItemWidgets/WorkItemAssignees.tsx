import { WORK_ITEM_WIDGET_LABELS } from '../../utils/workItems';
import { Avatar, AvatarLink } from '../Avatar';
import { Button } from '../Button';
import {
  WorkItemAttribute,
  WORK_ITEM_ATTRIBUTE_TEXTS,
  type WorkItemAttributeEditor,
} from '../WorkItemAttribute/WorkItemAttribute';
import { useAttributeSearch } from '../WorkItemAttribute/useAttributeSearch';
import { AttributeListbox, widgetEditorParts } from './lazyEditorParts';
import type { WorkItemUser, WorkItemWidgetBaseProps } from './types';
import './WorkItemWidgets.css';

/** The assignees widget's texts (GitLab's). */
export const WORK_ITEM_ASSIGNEES_TEXTS = {
  assignYourself: 'Assign yourself',
  search: 'Search users',
  unassign: 'Unassign',
} as const;

/** Avatar size of an assignee row. */
const ASSIGNEE_AVATAR_SIZE = 24;

export interface WorkItemAssigneesProps extends WorkItemWidgetBaseProps {
  /** The assignees (GitLab's `assignees.nodes`). */
  assignees: readonly WorkItemUser[];
  /** Saves the new assignees (optimistic, reverted on rejection). */
  onChange?: (assignees: WorkItemUser[]) => Promise<void>;
  /** Finds users to assign (project members) for the search text. @default undefined */
  searchUsers?: (query: string) => Promise<readonly WorkItemUser[]>;
  /** The signed-in user: offers 'Assign yourself' when nobody is assigned. @default undefined */
  currentUser?: WorkItemUser;
  /** Several assignees (GitLab's `allowsMultipleAssignees`), else one. @default true */
  allowsMultipleAssignees?: boolean;
}

/**
 * Who works on the item: avatars with names (links to their profiles), 'None' and 'Assign
 * yourself' when nobody is; editing searches users and picks one or several.
 */
export function WorkItemAssignees({
  assignees,
  onChange,
  searchUsers,
  currentUser,
  allowsMultipleAssignees = true,
  ...rest
}: WorkItemAssigneesProps) {
  return (
    <WorkItemAttribute<readonly WorkItemUser[]>
      {...rest}
      label={WORK_ITEM_WIDGET_LABELS.ASSIGNEES}
      data-widget="ASSIGNEES"
      editorModule={widgetEditorParts}
      value={assignees}
      onChange={onChange ? (next) => onChange([...next]) : undefined}
      isEqual={(a, b) => a.map((user) => user.id).join() === b.map((user) => user.id).join()}
      renderValue={(users) => (
        <ul className="fk-work-item-widgets__users">
          {users.map((user) => (
            <li key={user.id}>
              {user.webUrl ? (
                <AvatarLink
                  href={user.webUrl}
                  entityId={user.id}
                  entityName={user.name}
                  src={user.avatarUrl}
                  size={ASSIGNEE_AVATAR_SIZE}
                  label={user.name}
                />
              ) : (
                <span className="fk-work-item-widgets__user">
                  <Avatar
                    entityId={user.id}
                    entityName={user.name}
                    src={user.avatarUrl}
                    size={ASSIGNEE_AVATAR_SIZE}
                    alt=""
                  />
                  {user.name}
                </span>
              )}
            </li>
          ))}
        </ul>
      )}
      renderEmpty={({ commit, canUpdate }) => (
        <span className="fk-work-item-widgets__none">
          <span className="fk-work-item-attribute__none">{WORK_ITEM_ATTRIBUTE_TEXTS.none}</span>
          {canUpdate && currentUser ? (
            <>
              {' - '}
              <Button className="fk-work-item-widgets__link-button" onClick={() => commit([currentUser])}>
                {WORK_ITEM_ASSIGNEES_TEXTS.assignYourself}
              </Button>
            </>
          ) : null}
        </span>
      )}
      renderEditor={(editor) => (
        <AssigneesEditor
          editor={editor}
          searchUsers={searchUsers}
          currentUser={currentUser}
          isMultiple={allowsMultipleAssignees}
        />
      )}
    />
  );
}

function AssigneesEditor({
  editor,
  searchUsers,
  currentUser,
  isMultiple,
}: {
  editor: WorkItemAttributeEditor<readonly WorkItemUser[]>;
  searchUsers?: (query: string) => Promise<readonly WorkItemUser[]>;
  currentUser?: WorkItemUser;
  isMultiple: boolean;
}) {
  const { results, isLoading, setQuery } = useAttributeSearch(searchUsers);
  // The chosen users first, then the current user, then the search results, each once.
  const known = new Map<string, WorkItemUser>();
  for (const user of [...editor.draft, ...(currentUser ? [currentUser] : []), ...results]) known.set(user.id, user);
  return (
    <AttributeListbox
      aria-label={WORK_ITEM_WIDGET_LABELS.ASSIGNEES}
      searchLabel={WORK_ITEM_ASSIGNEES_TEXTS.search}
      selectionMode={isMultiple ? 'multiple' : 'single'}
      options={[...known.values()].map((user) => ({
        key: user.id,
        textValue: `${user.name} @${user.username}`,
        label: (
          <>
            <Avatar entityId={user.id} entityName={user.name} src={user.avatarUrl} size={ASSIGNEE_AVATAR_SIZE} alt="" />
            <span className="fk-work-item-widgets__option-text">
              <span>{user.name}</span>
              <span className="fk-work-item-widgets__subtle">@{user.username}</span>
            </span>
          </>
        ),
      }))}
      selectedKeys={editor.draft.map((user) => user.id)}
      onSelectionChange={(keys) => {
        const next = keys.map((key) => known.get(key)!).filter(Boolean);
        if (isMultiple) editor.setDraft(next);
        else editor.apply(next);
      }}
      onSearchChange={setQuery}
      isLoading={isLoading}
      resetLabel={WORK_ITEM_ASSIGNEES_TEXTS.unassign}
      onReset={() => editor.apply([])}
    />
  );
}
