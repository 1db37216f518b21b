import { describe, expect, it } from 'vitest';
import {
  ALLOWED_PARENT_TYPES,
  allowedChildTypes,
  confidentialityMessage,
  deleteWorkItemMessage,
  deleteWorkItemWithChildrenMessage,
  TOO_MANY_WORK_ITEMS_MESSAGE,
  MAX_WORK_ITEMS_HINT,
  WORK_ITEM_TYPE_NAMES,
  WORK_ITEM_TYPES,
  WORK_ITEM_WIDGET_LABELS,
  WORK_ITEM_WIDGET_TYPES,
  workItemUpdateErrorMessage,
} from '../src/utils/workItems';

describe('work item constants', () => {
  it('names every one of the 8 types with a label and an icon', () => {
    expect(WORK_ITEM_TYPE_NAMES).toHaveLength(8);
    for (const name of WORK_ITEM_TYPE_NAMES) expect(WORK_ITEM_TYPES[name].icon).toBeTruthy();
  });

  it('derives the allowed children from the allowed parents of spec section 4', () => {
    expect(allowedChildTypes('Objective')).toEqual(['Objective', 'Key Result']);
    expect(allowedChildTypes('Issue')).toEqual(['Task']);
    expect(allowedChildTypes('Epic')).toEqual(['Issue', 'Epic']);
    expect(allowedChildTypes('Task')).toEqual([]);
    expect(ALLOWED_PARENT_TYPES.Task).toEqual(['Issue']);
  });

  it('words the 10-at-a-time refusals and the delete confirmations verbatim', () => {
    expect(TOO_MANY_WORK_ITEMS_MESSAGE).toBe('Only 10 items can be added at a time.');
    expect(MAX_WORK_ITEMS_HINT).toBe('Add a maximum of 10 items at a time.');
    expect(deleteWorkItemMessage('Task')).toBe(
      'Are you sure you want to delete the task? This action cannot be reversed.',
    );
    expect(deleteWorkItemWithChildrenMessage('Epic')).toBe(
      'Delete this epic and release all child items? This action cannot be reversed.',
    );
  });

  it('gives confidential issues the author-and-assignees variant, other types Reporter alone', () => {
    expect(confidentialityMessage({ namespace: 'project', issuableType: 'issue' })).toBe(
      'Only project members with at least the Reporter role, the author, and assignees can view or be notified about this issue.',
    );
    expect(confidentialityMessage({ namespace: 'group', issuableType: 'epic' })).toBe(
      'Only group members with at least the Reporter role can view or be notified about this epic.',
    );
  });

  it("words a widget's update failure with the item's type, lower-cased, as GitLab does", () => {
    expect(workItemUpdateErrorMessage('Key result')).toBe(
      'Something went wrong while updating the key result. Please try again.',
    );
  });

  it('heads every sidebar widget with a label of a known widget type', () => {
    for (const type of Object.keys(WORK_ITEM_WIDGET_LABELS)) expect(WORK_ITEM_WIDGET_TYPES).toContain(type);
    expect(WORK_ITEM_WIDGET_LABELS.START_AND_DUE_DATE).toBe('Dates');
  });
});
