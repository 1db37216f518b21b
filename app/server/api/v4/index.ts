/**
 * The REST API v4: one Fastify plugin per resource, registered here. To add a resource, write
 * `app/server/api/v4/<resource>.ts` exporting `async function <resource>(app)` and add one
 * line below (see app/README.md, "How to add a resource").
 */
import type { FastifyInstance } from 'fastify';
import { application } from './application.ts';
import { groups } from './groups.ts';
import { members } from './members.ts';
import { namespaces } from './namespaces.ts';
import { projects } from './projects.ts';
import { users } from './users.ts';
import { awardEmoji } from './award_emoji.ts';
import { issues } from './issues.ts';
import { labels } from './labels.ts';
import { markdown } from './markdown.ts';
import { milestones } from './milestones.ts';
import { notes } from './notes.ts';
import { todos } from './todos.ts';
import { usageData } from './usage_data.ts';
import { version } from './version.ts';
import { branches } from './branches.ts';
import { commits } from './commits.ts';
import { jobs } from './jobs.ts';
import { mergeRequests } from './merge_requests.ts';
import { pipelines } from './pipelines.ts';
import { protectedBranches } from './protected_branches.ts';
import { releases } from './releases.ts';
import { repository } from './repository.ts';
import { tags } from './tags.ts';
import { fileBlame } from './blame.ts';
import { broadcastMessages } from './broadcast_messages.ts';
import { discussions } from './discussions.ts';
import { events } from './events.ts';
import { personalAccessTokens } from './personal_access_tokens.ts';
import { stars } from './stars.ts';
import { userPreferences } from './user_preferences.ts';
import { epics } from './epics.ts';
import { designs } from './designs.ts';
import { avatar } from './avatar.ts';

/** Registers every resource (mounted at `/api/v4` below the relative root). */
export async function apiV4(app: FastifyInstance): Promise<void> {
  await app.register(application);
  await app.register(groups);
  await app.register(members);
  await app.register(namespaces);
  await app.register(projects);
  await app.register(users);
  await app.register(awardEmoji);
  await app.register(issues);
  await app.register(labels);
  await app.register(markdown);
  await app.register(milestones);
  await app.register(notes);
  await app.register(todos);
  await app.register(usageData);
  await app.register(version);
  await app.register(branches);
  await app.register(commits);
  await app.register(jobs);
  await app.register(mergeRequests);
  await app.register(pipelines);
  await app.register(protectedBranches);
  await app.register(releases);
  await app.register(repository);
  await app.register(tags);
  await app.register(fileBlame);
  await app.register(broadcastMessages);
  await app.register(discussions);
  await app.register(events);
  await app.register(personalAccessTokens);
  await app.register(stars);
  await app.register(userPreferences);
  await app.register(epics);
  await app.register(designs);
  await app.register(avatar);
}
