/** Project stars (GitLab's `users_star_projects`); `projects.star_count` counts them. */
import type { CreatedAt } from '../db/schema.ts';

export interface UsersStarProjectsTable {
  user_id: number;
  project_id: number;
  created_at: CreatedAt;
  updated_at: CreatedAt;
}

declare module '../db/schema.ts' {
  interface Tables {
    users_star_projects: UsersStarProjectsTable;
  }
}
