/**
 * `projects:work_items:show` (`/{project}/-/work_items/{iid}`, GitLab's `Projects::WorkItemsController`
 * page, the spec's `workItems:show` view): any work item of the project by iid (issues, tasks,
 * incidents, objectives...). It is the issue page's loader and view: both read a work item of the
 * project by iid, and the project's work items are listed with its issues; only the page id (set by
 * the route) differs.
 */
export { Component, loader } from '../issues/show.tsx';
