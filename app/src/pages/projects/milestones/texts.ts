// The milestone pages' shared texts, apart from the list page's module: the new milestone page
// loads neither the list nor its tabs.

/** The page's texts (GitLab's; state names from spec section 4). */
export const MILESTONES_TEXT = {
  title: 'Milestones',
  tabs: 'Milestone states',
  newMilestone: 'New milestone',
  empty: 'Use milestones to track issues and merge requests over a fixed period of time',
  states: { upcoming: 'Upcoming', active: 'Active', expired: 'Expired', closed: 'Closed' },
  complete: (percent: number) => `${percent}% complete`,
  issues: (open: number, closed: number) => `${open} open, ${closed} closed issues`,
  progress: (title: string) => `${title} progress`,
  noDates: 'No dates',
} as const;
