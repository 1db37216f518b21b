/**
 * `projects:milestones:index` (`/{project}/-/milestones`): the project's milestones under GitLab's
 * state tabs (Open, Closed, All), each with its dates, its state (spec section 4: Upcoming,
 * Active, Expired, Closed) and its progress: the share of its issues that are closed.
 */
import { Badge, Button, PAST_DUE_TEXT, ScrollableTabs, formatDate, parsePaginationHeaders } from 'forgekit';
import { api, parsePageInfo, type Milestone, type PageInfo } from 'forgekit/client';
import { useLoaderData, useNavigate, type LoaderFunctionArgs } from 'react-router';
import { ProjectLayout } from '../../../layout/layouts.tsx';
import { projectPath, useUrl } from '../../../layout/urls.ts';
import { clientFor } from '../../../page.ts';
import { useRootData } from '../../../root.tsx';
import { ACCESS_LEVEL, hasAccess, loadProject, type ProjectWithAccess } from '../settings/project.ts';
import { ListPagination } from '../../../layout/ListPagination.tsx';
import { MILESTONES_TEXT } from './texts.ts';

/** The tabs: the page's `state` query value, its label and the API's `state` filter. */
export const MILESTONE_TABS = [
  { id: 'opened', label: 'Open', apiState: 'active' },
  { id: 'closed', label: 'Closed', apiState: 'closed' },
  { id: 'all', label: 'All', apiState: undefined },
] as const;
type TabId = (typeof MILESTONE_TABS)[number]['id'];

/** Milestones per page. */
export const MILESTONES_PER_PAGE = 20;
const PERCENT = 100;
/** Dates are calendar days: shown the same on the server and in every browser. */
const DATE_OPTIONS = { timeZone: 'UTC' } as const;

interface MilestoneProgress {
  milestone: Milestone;
  open: number;
  closed: number;
}

interface MilestonesData {
  project: ProjectWithAccess;
  state: TabId;
  milestones: MilestoneProgress[];
  pageInfo: PageInfo;
  today: string;
}

export async function loader(args: LoaderFunctionArgs): Promise<MilestonesData> {
  const project = await loadProject(args);
  const query = new URL(args.request.url).searchParams;
  const tab = MILESTONE_TABS.find(({ id }) => id === query.get('state')) ?? MILESTONE_TABS[0];
  const page = Math.max(1, Number(query.get('page')) || 1);
  const client = clientFor(args);
  const response = await client.get<Milestone[]>(api`/projects/${project.id}/milestones`, {
    params: { state: tab.apiState, per_page: MILESTONES_PER_PAGE, page },
  });
  // GitLab's list has no counts: each milestone's issue totals come from the issue list's X-Total.
  const count = async (milestone: Milestone, state: 'opened' | 'closed') =>
    parsePaginationHeaders(
      (
        await client.get(api`/projects/${project.id}/issues`, {
          params: { milestone: milestone.title, state, per_page: 1 },
        })
      ).headers,
    ).total ?? 0;
  const milestones = await Promise.all(
    response.data.map(async (milestone) => ({
      milestone,
      open: await count(milestone, 'opened'),
      closed: await count(milestone, 'closed'),
    })),
  );
  const today = new Date().toISOString().slice(0, 'yyyy-mm-dd'.length);
  return { project, state: tab.id, milestones, pageInfo: parsePageInfo(response.headers), today };
}

/** Spec section 4's state of a milestone on `today` (a `yyyy-mm-dd` day). */
export function milestoneState(milestone: Milestone, today: string): keyof typeof MILESTONES_TEXT.states {
  if (milestone.state === 'closed') return 'closed';
  if (milestone.expired || (milestone.due_date !== null && milestone.due_date < today)) return 'expired';
  if (milestone.start_date !== null && milestone.start_date > today) return 'upcoming';
  return 'active';
}

function dates(milestone: Milestone): string {
  const days = [milestone.start_date, milestone.due_date].filter((day): day is string => day !== null);
  return days.length
    ? days.map((day) => formatDate(day, 'mmm dd, yyyy', DATE_OPTIONS)).join('–')
    : MILESTONES_TEXT.noDates;
}

function MilestoneList({ milestones, today }: { milestones: MilestoneProgress[]; today: string }) {
  if (milestones.length === 0) return <p>{MILESTONES_TEXT.empty}</p>;
  return (
    <ul aria-label={MILESTONES_TEXT.title}>
      {milestones.map(({ milestone, open, closed }) => {
        const state = milestoneState(milestone, today);
        const percent = open + closed === 0 ? 0 : Math.round((closed / (open + closed)) * PERCENT);
        return (
          <li key={milestone.id}>
            <h2>{milestone.title}</h2>{' '}
            <Badge variant={state === 'expired' ? 'warning' : state === 'closed' ? 'neutral' : 'info'}>
              {MILESTONES_TEXT.states[state]}
            </Badge>
            <p>
              {dates(milestone)}
              {state === 'expired' ? ` · ${PAST_DUE_TEXT}` : null}
            </p>
            {milestone.description ? <p>{milestone.description}</p> : null}
            <progress max={PERCENT} value={percent} aria-label={MILESTONES_TEXT.progress(milestone.title)} />
            <p>
              {MILESTONES_TEXT.complete(percent)} · {MILESTONES_TEXT.issues(open, closed)}
            </p>
          </li>
        );
      })}
    </ul>
  );
}

export function Component() {
  const { project, state, milestones, pageInfo, today } = useLoaderData() as MilestonesData;
  const url = useUrl();
  const navigate = useNavigate();
  const isAdmin = useRootData().currentUser?.isAdmin ?? false;
  return (
    <ProjectLayout
      project={project}
      current="milestones"
      title={`${MILESTONES_TEXT.title} · ${project.name_with_namespace}`}
    >
      <h1>{MILESTONES_TEXT.title}</h1>
      {hasAccess(project, ACCESS_LEVEL.REPORTER, isAdmin) ? (
        <Button href={url(projectPath(project.path_with_namespace, '-/milestones/new'))} variant="confirm">
          {MILESTONES_TEXT.newMilestone}
        </Button>
      ) : null}
      <ScrollableTabs
        label={MILESTONES_TEXT.tabs}
        selectedKey={state}
        onSelectionChange={(key) => void navigate(`?state=${key}`)}
        items={MILESTONE_TABS.map(({ id, label }) => ({
          id,
          label,
          content: id === state ? <MilestoneList milestones={milestones} today={today} /> : null,
        }))}
      />
      <ListPagination pageInfo={pageInfo} />
    </ProjectLayout>
  );
}
