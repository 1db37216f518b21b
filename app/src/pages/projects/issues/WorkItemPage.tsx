/**
 * The body of a work item's page (GitLab's work item view), wherever the item lives: the header
 * (title editing, close and reopen, confidentiality, notifications, delete), the description
 * (task lists, editing with the lock version), the child and linked items, development and designs
 * (`IssueRelations.tsx`), the attribute sidebar (`IssueSidebar.tsx`), and the activity (threads,
 * replies, internal notes, reactions, resolving, filter and sort; `IssueNotes.tsx`). Used by
 * `projects:issues:show`, `projects:work_items:show` and the group epic view; each page loads the
 * item and hands it over with its namespace and layout.
 *
 * The page's own JavaScript is the layout around the view: the header (`IssueHeader.tsx`), the
 * description (`IssueDescription.tsx`), the relations, the sidebar and the activity are regions
 * that hydrate as their code arrives (`deferredRegion.tsx`), so the page's initial JavaScript stays
 * small and its HTML complete. (The header's menu and tooltips alone weigh about 35 KB gzip.)
 */
import { WorkItemView } from 'forgekit';
import type { ReactNode } from 'react';
import { useRevalidator } from 'react-router';
import { graphqlMutate } from '../../../graphql.ts';
import type { LayoutProps } from '../../../layout/layouts.tsx';
import { projectPath, useUrl } from '../../../layout/urls.ts';
import { useRootData } from '../../../root.tsx';
import { WORK_ITEM_REGIONS } from './constants.ts';
import { deferredRegion } from './deferredRegion.tsx';
import { UPDATE_WORK_ITEM, type GqlWorkItem } from './workItemQueries.ts';

// The page's regions: each its own chunk, hydrated as it arrives (the header is asked for first).
const Header = deferredRegion(WORK_ITEM_REGIONS.header, () =>
  import('./IssueHeader.tsx').then((module) => module.IssueHeader),
);
const Description = deferredRegion(WORK_ITEM_REGIONS.description, () =>
  import('./IssueDescription.tsx').then((module) => module.IssueDescription),
);
const Relations = deferredRegion(WORK_ITEM_REGIONS.relations, () =>
  import('./IssueRelations.tsx').then((module) => module.IssueRelations),
);
const Sidebar = deferredRegion(WORK_ITEM_REGIONS.sidebar, () =>
  import('./IssueSidebar.tsx').then((module) => module.IssueSidebar),
);
const Notes = deferredRegion(WORK_ITEM_REGIONS.activity, () =>
  import('./IssueNotes.tsx').then((module) => module.IssueNotes),
);

/**
 * Loads the code of the page's regions: the loaders of the work item pages call it, so the server
 * renders every region in full and a client-side navigation shows them at once.
 */
export async function preloadWorkItemRegions(): Promise<void> {
  await Promise.all([Header, Description, Relations, Sidebar, Notes].map((region) => region.preload()));
}

// In the browser, the regions' code is requested as soon as this module runs (with the page's, before
// hydration starts), not when hydration reaches each region (after the page has hydrated: the sidebar
// and the activity waited for their requests to go out then). Requested by this module rather than by
// module preloads in the document: those would be fetched beside the page's own JavaScript and count
// as its initial JavaScript; these go out once that has all arrived. A failed request is made again by
// the region when it renders.
if (typeof window !== 'undefined') preloadWorkItemRegions().catch(() => undefined);

/** Where a work item lives: a project, or a group (epics). */
export interface WorkItemNamespace {
  kind: 'project' | 'group';
  /** `atlas/router`, `atlas`. */
  fullPath: string;
  /** The name shown in the document title (`Atlas / Router`). */
  name: string;
  webUrl: string;
}

/** The props of `WorkItemPage`. This API is stable: the issue, work item and epic pages all use it. */
export interface WorkItemPageProps {
  /** The work item as `WORK_ITEM_BY_IID` / `WORK_ITEM_BY_ID` read it (with its first discussions). */
  workItem: GqlWorkItem;
  /** Where the item lives (title, Markdown preview URL, the header's confidentiality text). */
  namespace: WorkItemNamespace;
  /**
   * Renders the page's layout around the view (called as a function, not mounted as a component,
   * so an inline arrow does not remount the page): e.g.
   * `(props) => <ProjectLayout project={project} current="issues" {...props} />`.
   */
  layout: (props: LayoutProps) => ReactNode;
  /** The list the item belongs to: the crumb before the item, and where a delete goes. */
  list: {
    /** `Issues`, `Epics`. */
    title: string;
    /** Product path below the relative root: `/atlas/router/-/issues`. */
    path: string;
  };
}

/** The Markdown preview endpoint of a namespace (GitLab's `preview_markdown`), below the relative root. */
function previewPath(namespace: WorkItemNamespace): string {
  const suffix = '-/preview_markdown';
  return namespace.kind === 'group'
    ? `/groups/${namespace.fullPath}/${suffix}`
    : projectPath(namespace.fullPath, suffix);
}

/**
 * A work item's page body inside the given layout: header, description, activity. Every edit is
 * a GraphQL mutation, then the route's loader reads the item again.
 */
export function WorkItemPage({ workItem, namespace, layout, list }: WorkItemPageProps) {
  const url = useUrl();
  const revalidator = useRevalidator();
  const currentUser = useRootData().currentUser;
  const previewUrl = url(previewPath(namespace));
  const refresh = () => revalidator.revalidate();
  const user = currentUser
    ? {
        id: `gid://gitlab/User/${currentUser.id}`,
        username: currentUser.username,
        name: currentUser.name,
        avatarUrl: currentUser.avatarUrl ?? undefined,
        webUrl: url(`/${currentUser.username}`),
      }
    : null;

  /** Updates the work item, then reads it again. */
  async function update(input: Readonly<Record<string, unknown>>) {
    await graphqlMutate(UPDATE_WORK_ITEM, { input: { id: workItem.id, ...input } });
    await refresh();
  }

  return layout({
    title: `${workItem.title} (${workItem.reference}) · ${list.title} · ${namespace.name}`,
    breadcrumbs: [
      { text: list.title, href: url(list.path) },
      { text: workItem.reference, href: workItem.webUrl },
    ],
    children: (
      <WorkItemView
        header={
          <Header.Region workItem={workItem} namespaceKind={namespace.kind} listPath={list.path} onUpdate={update} />
        }
        description={
          <Description.Region
            workItem={workItem}
            currentUser={user}
            previewUrl={previewUrl}
            onUpdate={update}
            onRefresh={refresh}
          />
        }
        sidebar={<Sidebar.Region workItem={workItem} namespace={namespace} currentUser={user} onUpdate={update} />}
        notes={
          <Notes.Region
            workItem={workItem}
            currentUser={user}
            previewUrl={previewUrl}
            onUpdate={update}
            onRefresh={refresh}
          />
        }
      >
        {/* Child items, linked items, development and designs, in the main column's order. */}
        <Relations.Region workItem={workItem} namespace={namespace} onRefresh={() => void refresh()} />
      </WorkItemView>
    ),
  });
}
