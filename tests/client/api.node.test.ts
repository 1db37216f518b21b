// Every typed REST function of spec section 7 against a real HTTP server on loopback: the method,
// the path (relative root and API version included) and the parameters it sends.
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { configurePage, resetPageConfig } from '../../src/client/config';
import * as rest from '../../src/client/rest';
import { createRestClient, type ApiOptions, type RestClient } from '../../src/client/rest';
import { formBody, jsonBody, startRestServer, type RecordedRequest, type RestServer } from './helpers/restServer';

let server: RestServer;
let client: RestClient;
let options: ApiOptions;

beforeAll(async () => {
  server = await startRestServer(() => ({ body: { ok: true } }));
  client = createRestClient({ baseUrl: server.origin });
  options = { client };
});
afterAll(() => server.close());
beforeEach(() => {
  server.requests.length = 0;
  server.handle(() => ({ body: { ok: true } }));
  configurePage({ relativeUrlRoot: '/forge', apiVersion: 'v4' });
});
afterEach(() => resetPageConfig());

const png = () => new Blob(['png-bytes'], { type: 'image/png' });

/** [name, call, method, path and query as received, JSON body (undefined: none)] */
type Case = [string, () => Promise<unknown>, string, string, unknown?];

const cases: Case[] = [
  // users
  [
    'listUsers',
    () => rest.listUsers({ search: 'ro' }, options),
    'GET',
    '/forge/api/v4/users.json?per_page=20&search=ro',
  ],
  ['getUser', () => rest.getUser(5, options), 'GET', '/forge/api/v4/users/5'],
  ['getUserCounts', () => rest.getUserCounts(options), 'GET', '/forge/api/v4/user_counts'],
  ['getUserStatus', () => rest.getUserStatus(5, options), 'GET', '/forge/api/v4/users/5/status'],
  [
    'listUserProjects',
    () => rest.listUserProjects(5, { per_page: 5 }, options),
    'GET',
    '/forge/api/v4/users/5/projects?per_page=5',
  ],
  [
    'updateUserStatus (PATCH)',
    () => rest.updateUserStatus({ emoji: 'coffee', clear_status_after: '30_minutes' }, options),
    'PATCH',
    '/forge/api/v4/user/status',
    { emoji: 'coffee', clear_status_after: '30_minutes' },
  ],
  [
    'updateUserStatus (PUT)',
    () => rest.updateUserStatus({ message: 'busy', availability: 'busy' }, { ...options, method: 'PUT' }),
    'PUT',
    '/forge/api/v4/user/status',
    { message: 'busy', availability: 'busy' },
  ],
  ['followUser', () => rest.followUser(2, options), 'POST', '/forge/api/v4/users/2/follow'],
  ['unfollowUser', () => rest.unfollowUser(2, options), 'POST', '/forge/api/v4/users/2/unfollow'],
  [
    'listUserFollowers',
    () => rest.listUserFollowers(2, { per_page: 10 }, options),
    'GET',
    '/forge/api/v4/users/2/followers?per_page=10',
  ],
  [
    'listUserFollowing',
    () => rest.listUserFollowing(2, { per_page: 10 }, options),
    'GET',
    '/forge/api/v4/users/2/following?per_page=10',
  ],
  [
    'getUserAssociationsCount',
    () => rest.getUserAssociationsCount(2, options),
    'GET',
    '/forge/api/v4/users/2/associations_count',
  ],
  // general
  [
    'dismissBroadcastMessage',
    () =>
      rest.dismissBroadcastMessage(
        '/-/broadcast_messages/3/dismiss',
        { broadcast_message_id: 3, expires_at: '2026-12-01T00:00:00Z' },
        options,
      ),
    'POST',
    '/forge/-/broadcast_messages/3/dismiss',
    { broadcast_message_id: 3, expires_at: '2026-12-01T00:00:00Z' },
  ],
  [
    'dismissCallout',
    () =>
      rest.dismissCallout(
        '/-/users/callouts',
        { feature_name: 'x', group_id: 1, namespace_id: 2, project_id: 3 },
        options,
      ),
    'POST',
    '/forge/-/users/callouts',
    { feature_name: 'x', group_id: 1, namespace_id: 2, project_id: 3 },
  ],
  [
    'getRequestDetails',
    () => rest.getRequestDetails('/-/performance_bar', 'req-1', options),
    'GET',
    '/forge/-/performance_bar?request_id=req-1',
  ],
  // groups
  [
    'listGroups',
    () => rest.listGroups({ search: 'g', min_access_level: 30 }, options),
    'GET',
    '/forge/api/v4/groups.json?per_page=20&search=g&min_access_level=30',
  ],
  ['getGroup', () => rest.getGroup('a/b', {}, options), 'GET', '/forge/api/v4/groups/a%2Fb'],
  [
    'listDescendantGroups',
    () => rest.listDescendantGroups(1, { search: 's' }, options),
    'GET',
    '/forge/api/v4/groups/1/descendant_groups?search=s',
  ],
  ['updateGroup', () => rest.updateGroup(1, { name: 'n' }, options), 'PUT', '/forge/api/v4/groups/1', { name: 'n' }],
  [
    'listGroupTransferLocations',
    () => rest.listGroupTransferLocations(1, { per_page: 20 }, options),
    'GET',
    '/forge/api/v4/groups/1/transfer_locations?per_page=20',
  ],
  ['listGroupMembers', () => rest.listGroupMembers(1, {}, options), 'GET', '/forge/api/v4/groups/1/members'],
  ['listGroupMilestones', () => rest.listGroupMilestones(1, {}, options), 'GET', '/forge/api/v4/groups/1/milestones'],
  ['listGroupSubgroups', () => rest.listGroupSubgroups(1, {}, options), 'GET', '/forge/api/v4/groups/1/subgroups'],
  ['listGroupPackages', () => rest.listGroupPackages(1, {}, options), 'GET', '/forge/api/v4/groups/1/packages'],
  [
    'inviteGroupMembers',
    () => rest.inviteGroupMembers(1, { access_level: 30, email: 'a@b.c' }, options),
    'POST',
    '/forge/api/v4/groups/1/invitations',
    { access_level: 30, email: 'a@b.c' },
  ],
  [
    'shareGroup',
    () => rest.shareGroup(1, { group_id: 2, group_access: 20, expires_at: '2027-01-01' }, options),
    'POST',
    '/forge/api/v4/groups/1/share',
    { group_id: 2, group_access: 20, expires_at: '2027-01-01' },
  ],
  [
    'getGroupNotificationSettings',
    () => rest.getGroupNotificationSettings(1, options),
    'GET',
    '/forge/api/v4/groups/1/notification_settings',
  ],
  [
    'updateGroupNotificationSettings',
    () => rest.updateGroupNotificationSettings(1, { level: 'watch' }, options),
    'PUT',
    '/forge/api/v4/groups/1/notification_settings',
    { level: 'watch' },
  ],
  [
    'clearDependencyProxyCache',
    () => rest.clearDependencyProxyCache(1, options),
    'DELETE',
    '/forge/api/v4/groups/1/dependency_proxy/cache',
  ],
  ['listGroupLabels', () => rest.listGroupLabels(1, {}, options), 'GET', '/forge/api/v4/groups/1/labels'],
  [
    'createGroupLabel',
    () => rest.createGroupLabel(1, { name: 'bug', color: '#FF0000' }, options),
    'POST',
    '/forge/api/v4/groups/1/labels',
    { name: 'bug', color: '#FF0000' },
  ],
  // projects
  [
    'createProject',
    () => rest.createProject({ name: 'p', namespace_id: 2 }, options),
    'POST',
    '/forge/api/v4/projects.json',
    { name: 'p', namespace_id: 2 },
  ],
  [
    'getProject',
    () => rest.getProject('group/sub/proj', {}, options),
    'GET',
    '/forge/api/v4/projects/group%2Fsub%2Fproj',
  ],
  [
    'updateProject',
    () => rest.updateProject(1, { name: 'q' }, options),
    'PUT',
    '/forge/api/v4/projects/1',
    { name: 'q' },
  ],
  [
    'deleteProject',
    () => rest.deleteProject(1, { permanently_remove: true, full_path: 'g/p' }, options),
    'DELETE',
    '/forge/api/v4/projects/1?permanently_remove=true&full_path=g%2Fp',
  ],
  [
    'importProjectMembers',
    () => rest.importProjectMembers(1, 9, options),
    'POST',
    '/forge/api/v4/projects/1/import_project_members/9',
  ],
  [
    'refreshRepositorySize',
    () => rest.refreshRepositorySize(1, options),
    'POST',
    '/forge/api/v4/projects/1/repository_size',
  ],
  [
    'listProjectTransferLocations',
    () => rest.listProjectTransferLocations(1, {}, options),
    'GET',
    '/forge/api/v4/projects/1/transfer_locations',
  ],
  [
    'listProjectShareLocations',
    () => rest.listProjectShareLocations(1, {}, options),
    'GET',
    '/forge/api/v4/projects/1/share_locations',
  ],
  [
    'listProjectUsers',
    () => rest.listProjectUsers(1, { search: 'a' }, options),
    'GET',
    '/forge/api/v4/projects/1/users?search=a',
  ],
  ['listProjectMembers', () => rest.listProjectMembers(1, {}, options), 'GET', '/forge/api/v4/projects/1/members'],
  ['listProjectForks', () => rest.listProjectForks(1, {}, options), 'GET', '/forge/api/v4/projects/1/forks'],
  ['listProjectRunners', () => rest.listProjectRunners(1, {}, options), 'GET', '/forge/api/v4/projects/1/runners'],
  [
    'shareProject',
    () => rest.shareProject(1, { group_id: 2, group_access: 30 }, options),
    'POST',
    '/forge/api/v4/projects/1/share',
    { group_id: 2, group_access: 30 },
  ],
  [
    'listProjectMilestones',
    () => rest.listProjectMilestones(1, {}, options),
    'GET',
    '/forge/api/v4/projects/1/milestones',
  ],
  [
    'searchInProject',
    () => rest.searchInProject(1, { search: 'x', scope: 'issues' }, options),
    'GET',
    '/forge/api/v4/projects/1/search?search=x&scope=issues',
  ],
  ['listProjectGroups', () => rest.listProjectGroups(1, {}, options), 'GET', '/forge/api/v4/projects/1/groups'],
  [
    'getProjectNotificationSettings',
    () => rest.getProjectNotificationSettings(1, options),
    'GET',
    '/forge/api/v4/projects/1/notification_settings',
  ],
  [
    'updateProjectNotificationSettings',
    () => rest.updateProjectNotificationSettings(1, { level: 'global' }, options),
    'PUT',
    '/forge/api/v4/projects/1/notification_settings',
    { level: 'global' },
  ],
  ['listEnvironments', () => rest.listEnvironments(1, {}, options), 'GET', '/forge/api/v4/projects/1/environments'],
  [
    'stopStaleEnvironments',
    () => rest.stopStaleEnvironments(1, new Date('2026-01-02T03:04:05Z'), { dry_run: true }, options),
    'POST',
    '/forge/api/v4/projects/1/environments/stop_stale?before=2026-01-02T03%3A04%3A05.000Z&dry_run=true',
  ],
  // merge requests
  [
    'listAllMergeRequests',
    () => rest.listAllMergeRequests({ scope: 'created_by_me' }, options),
    'GET',
    '/forge/api/v4/merge_requests?scope=created_by_me',
  ],
  [
    'listMergeRequests',
    () => rest.listMergeRequests(1, { state: 'opened' }, options),
    'GET',
    '/forge/api/v4/projects/1/merge_requests?state=opened',
  ],
  [
    'createMergeRequest',
    () => rest.createMergeRequest(1, { source_branch: 'f', target_branch: 'main', title: 'T' }, options),
    'POST',
    '/forge/api/v4/projects/1/merge_requests',
    { source_branch: 'f', target_branch: 'main', title: 'T' },
  ],
  [
    'getMergeRequest',
    () => rest.getMergeRequest(1, 7, {}, options),
    'GET',
    '/forge/api/v4/projects/1/merge_requests/7',
  ],
  [
    'updateMergeRequest',
    () => rest.updateMergeRequest(1, 7, { title: 'U' }, options),
    'PUT',
    '/forge/api/v4/projects/1/merge_requests/7',
    { title: 'U' },
  ],
  [
    'getMergeRequestChanges',
    () => rest.getMergeRequestChanges(1, 7, options),
    'GET',
    '/forge/api/v4/projects/1/merge_requests/7/changes',
  ],
  [
    'listMergeRequestVersions',
    () => rest.listMergeRequestVersions(1, 7, options),
    'GET',
    '/forge/api/v4/projects/1/merge_requests/7/versions',
  ],
  [
    'listMergeRequestPipelines',
    () => rest.listMergeRequestPipelines(1, 7, {}, options),
    'GET',
    '/forge/api/v4/projects/1/merge_requests/7/pipelines',
  ],
  [
    'createMergeRequestPipeline',
    () => rest.createMergeRequestPipeline(1, 7, options),
    'POST',
    '/forge/api/v4/projects/1/merge_requests/7/pipelines',
  ],
  [
    'listMergeRequestContextCommits',
    () => rest.listMergeRequestContextCommits(1, 7, options),
    'GET',
    '/forge/api/v4/projects/1/merge_requests/7/context_commits',
  ],
  [
    'addMergeRequestContextCommits',
    () => rest.addMergeRequestContextCommits(1, 7, ['abc'], options),
    'POST',
    '/forge/api/v4/projects/1/merge_requests/7/context_commits',
    { commits: ['abc'] },
  ],
  [
    'removeMergeRequestContextCommits',
    () => rest.removeMergeRequestContextCommits(1, 7, ['abc'], options),
    'DELETE',
    '/forge/api/v4/projects/1/merge_requests/7/context_commits',
    { commits: ['abc'] },
  ],
  // issues, todos, protected branches, templates
  ['getIssue', () => rest.getIssue(1, 3, options), 'GET', '/forge/api/v4/projects/1/issues/3'],
  [
    'updateIssue',
    () => rest.updateIssue(1, 3, { state_event: 'close' }, options),
    'PUT',
    '/forge/api/v4/projects/1/issues/3',
    { state_event: 'close' },
  ],
  ['createIssueTodo', () => rest.createIssueTodo(1, 3, options), 'POST', '/forge/api/v4/projects/1/issues/3/todo'],
  [
    'listProtectedBranches',
    () => rest.listProtectedBranches(1, {}, options),
    'GET',
    '/forge/api/v4/projects/1/protected_branches',
  ],
  [
    'getProtectedBranch',
    () => rest.getProtectedBranch(1, 'release/1.0', options),
    'GET',
    '/forge/api/v4/projects/1/protected_branches/release%2F1.0',
  ],
  [
    'listProjectTemplates',
    () => rest.listProjectTemplates(1, 'issues', {}, options),
    'GET',
    '/forge/api/v4/projects/1/templates/issues',
  ],
  [
    'getProjectTemplate',
    () => rest.getProjectTemplate(1, 'issues', 'Bug', {}, options),
    'GET',
    '/forge/api/v4/projects/1/templates/issues/Bug',
  ],
  // repository
  [
    'listCommits',
    () => rest.listCommits(1, { ref_name: 'main' }, options),
    'GET',
    '/forge/api/v4/projects/1/repository/commits?ref_name=main',
  ],
  [
    'createCommit',
    () =>
      rest.createCommit(
        1,
        { branch: 'main', commit_message: 'm', actions: [{ action: 'create', file_path: 'a', content: 'x' }] },
        options,
      ),
    'POST',
    '/forge/api/v4/projects/1/repository/commits',
    { branch: 'main', commit_message: 'm', actions: [{ action: 'create', file_path: 'a', content: 'x' }] },
  ],
  [
    'getCommit',
    () => rest.getCommit(1, 'abc123', options),
    'GET',
    '/forge/api/v4/projects/1/repository/commits/abc123',
  ],
  ['listBranches', () => rest.listBranches(1, {}, options), 'GET', '/forge/api/v4/projects/1/repository/branches'],
  [
    'createBranch',
    () => rest.createBranch(1, { branch: 'feat', ref: 'main' }, options),
    'POST',
    '/forge/api/v4/projects/1/repository/branches',
    { branch: 'feat', ref: 'main' },
  ],
  [
    'getBranch',
    () => rest.getBranch(1, 'feat/x', options),
    'GET',
    '/forge/api/v4/projects/1/repository/branches/feat%2Fx',
  ],
  ['listTags', () => rest.listTags(1, {}, options), 'GET', '/forge/api/v4/projects/1/repository/tags'],
  ['getTag', () => rest.getTag(1, 'v1.0', options), 'GET', '/forge/api/v4/projects/1/repository/tags/v1.0'],
  [
    'getRawFile',
    () => rest.getRawFile(1, 'docs/README.md', { ref: 'main' }, options),
    'GET',
    '/forge/api/v4/projects/1/repository/files/docs%2FREADME.md/raw?ref=main',
  ],
  // releases
  ['listReleases', () => rest.listReleases(1, {}, options), 'GET', '/forge/api/v4/projects/1/releases'],
  [
    'createRelease',
    () => rest.createRelease(1, { tag_name: 'v1', name: 'One' }, options),
    'POST',
    '/forge/api/v4/projects/1/releases',
    { tag_name: 'v1', name: 'One' },
  ],
  ['getRelease', () => rest.getRelease(1, 'v1', options), 'GET', '/forge/api/v4/projects/1/releases/v1'],
  [
    'updateRelease',
    () => rest.updateRelease(1, 'v1', { name: 'Uno' }, options),
    'PUT',
    '/forge/api/v4/projects/1/releases/v1',
    { name: 'Uno' },
  ],
  [
    'createReleaseLink',
    () => rest.createReleaseLink(1, 'v1', { name: 'bin', url: 'https://x/bin' }, options),
    'POST',
    '/forge/api/v4/projects/1/releases/v1/assets/links',
    { name: 'bin', url: 'https://x/bin' },
  ],
  [
    'deleteReleaseLink',
    () => rest.deleteReleaseLink(1, 'v1', 4, options),
    'DELETE',
    '/forge/api/v4/projects/1/releases/v1/assets/links/4',
  ],
  // pipelines
  [
    'listPipelines',
    () => rest.listPipelines(1, { ref: 'main' }, options),
    'GET',
    '/forge/api/v4/projects/1/pipelines?ref=main',
  ],
  ['getPipeline', () => rest.getPipeline(1, 8, options), 'GET', '/forge/api/v4/projects/1/pipelines/8'],
  [
    'listPipelineJobs',
    () => rest.listPipelineJobs(1, 8, {}, options),
    'GET',
    '/forge/api/v4/projects/1/pipelines/8/jobs',
  ],
  [
    'createPipeline',
    () => rest.createPipeline(1, { ref: 'main', variables: [{ key: 'K', value: 'V' }] }, options),
    'POST',
    '/forge/api/v4/projects/1/pipeline',
    { ref: 'main', variables: [{ key: 'K', value: 'V' }] },
  ],
  // freeze periods, feature flag user lists, secure files
  ['listFreezePeriods', () => rest.listFreezePeriods(1, {}, options), 'GET', '/forge/api/v4/projects/1/freeze_periods'],
  [
    'createFreezePeriod',
    () => rest.createFreezePeriod(1, { freeze_start: '0 23 * * 5', freeze_end: '0 7 * * 1' }, options),
    'POST',
    '/forge/api/v4/projects/1/freeze_periods',
    { freeze_start: '0 23 * * 5', freeze_end: '0 7 * * 1' },
  ],
  [
    'updateFreezePeriod',
    () => rest.updateFreezePeriod(1, 2, { cron_timezone: 'UTC' }, options),
    'PUT',
    '/forge/api/v4/projects/1/freeze_periods/2',
    { cron_timezone: 'UTC' },
  ],
  [
    'deleteFreezePeriod',
    () => rest.deleteFreezePeriod(1, 2, options),
    'DELETE',
    '/forge/api/v4/projects/1/freeze_periods/2',
  ],
  [
    'listFeatureFlagUserLists',
    () => rest.listFeatureFlagUserLists(1, { page: 2, search: 'beta' }, options),
    'GET',
    '/forge/api/v4/projects/1/feature_flags_user_lists?page=2&search=beta',
  ],
  [
    'getFeatureFlagUserList',
    () => rest.getFeatureFlagUserList(1, 3, options),
    'GET',
    '/forge/api/v4/projects/1/feature_flags_user_lists/3',
  ],
  [
    'createFeatureFlagUserList',
    () => rest.createFeatureFlagUserList(1, { name: 'beta', user_xids: '1,2' }, options),
    'POST',
    '/forge/api/v4/projects/1/feature_flags_user_lists',
    { name: 'beta', user_xids: '1,2' },
  ],
  [
    'updateFeatureFlagUserList',
    () => rest.updateFeatureFlagUserList(1, 3, { user_xids: '3' }, options),
    'PUT',
    '/forge/api/v4/projects/1/feature_flags_user_lists/3',
    { user_xids: '3' },
  ],
  [
    'deleteFeatureFlagUserList',
    () => rest.deleteFeatureFlagUserList(1, 3, options),
    'DELETE',
    '/forge/api/v4/projects/1/feature_flags_user_lists/3',
  ],
  ['listSecureFiles', () => rest.listSecureFiles(1, {}, options), 'GET', '/forge/api/v4/projects/1/secure_files'],
  ['deleteSecureFile', () => rest.deleteSecureFile(1, 6, options), 'DELETE', '/forge/api/v4/projects/1/secure_files/6'],
  // packages and registries
  ['listProjectPackages', () => rest.listProjectPackages(1, {}, options), 'GET', '/forge/api/v4/projects/1/packages'],
  [
    'deleteProjectPackage',
    () => rest.deleteProjectPackage(1, 4, options),
    'DELETE',
    '/forge/api/v4/projects/1/packages/4',
  ],
  [
    'deletePackageFile',
    () => rest.deletePackageFile(1, 4, 9, options),
    'DELETE',
    '/forge/api/v4/projects/1/packages/4/package_files/9',
  ],
  [
    'getContainerRepository',
    () => rest.getContainerRepository(5, { tags_count: true }, options),
    'GET',
    '/forge/api/v4/registry/repositories/5?tags_count=true',
  ],
  [
    'listRegistryRepositories',
    () =>
      rest.listRegistryRepositories(
        '/g/-/harbor/repositories',
        { limit: 10, page: 1, search: 's', sort: 'name' },
        options,
      ),
    'GET',
    '/forge/g/-/harbor/repositories.json?limit=10&page=1&search=s&sort=name',
  ],
  [
    'listRegistryArtifacts',
    () => rest.listRegistryArtifacts('/g/-/harbor/repositories', 'app/web', { page: 2 }, options),
    'GET',
    '/forge/g/-/harbor/repositories/app%2Fweb/artifacts.json?page=2',
  ],
  [
    'listRegistryArtifactTags',
    () => rest.listRegistryArtifactTags('/g/-/harbor/repositories', 'web', 'sha256:ab', { page: 3 }, options),
    'GET',
    '/forge/g/-/harbor/repositories/web/artifacts/sha256%3Aab/tags.json?page=3',
  ],
  // alerts
  [
    'listAlertMetricImages',
    () => rest.listAlertMetricImages(1, 12, options),
    'GET',
    '/forge/api/v4/projects/1/alert_management_alerts/12/metric_images',
  ],
  [
    'deleteAlertMetricImage',
    () => rest.deleteAlertMetricImage(1, 12, 4, options),
    'DELETE',
    '/forge/api/v4/projects/1/alert_management_alerts/12/metric_images/4',
  ],
  // markdown
  [
    'renderMarkdown',
    () => rest.renderMarkdown({ text: '**hi**', gfm: true, project: 'g/p' }, options),
    'POST',
    '/forge/api/v4/markdown',
    { text: '**hi**', gfm: true, project: 'g/p' },
  ],
  [
    'previewMarkdown',
    () => rest.previewMarkdown('/g/p/-/preview_markdown', 'Hi @root', options),
    'POST',
    '/forge/g/p/-/preview_markdown',
    { text: 'Hi @root' },
  ],
  // bulk imports
  [
    'listBulkImportEntities',
    () => rest.listBulkImportEntities(2, {}, options),
    'GET',
    '/forge/api/v4/bulk_imports/2/entities',
  ],
  [
    'listAllBulkImportEntities',
    () => rest.listAllBulkImportEntities({ status: 'failed' }, options),
    'GET',
    '/forge/api/v4/bulk_imports/entities?status=failed',
  ],
  [
    'listBulkImportEntityFailures',
    () => rest.listBulkImportEntityFailures(2, 3, { page: 1, per_page: 20 }, options),
    'GET',
    '/forge/api/v4/bulk_imports/2/entities/3/failures?page=1&per_page=20',
  ],
  // namespaces, settings, statistics, deploy keys
  [
    'namespaceExists',
    () => rest.namespaceExists('my-group', { parent_id: 4, extra: 'x' }, options),
    'GET',
    '/forge/api/v4/namespaces/my-group/exists?parent_id=4&extra=x',
  ],
  [
    'listNamespaces',
    () => rest.listNamespaces({ search: 'n' }, options),
    'GET',
    '/forge/api/v4/namespaces.json?search=n',
  ],
  [
    'updateApplicationSettings',
    () => rest.updateApplicationSettings({ signup_enabled: false }, options),
    'PUT',
    '/forge/api/v4/application/settings',
    { signup_enabled: false },
  ],
  [
    'getApplicationStatistics',
    () => rest.getApplicationStatistics(options),
    'GET',
    '/forge/api/v4/application/statistics',
  ],
  ['listDeployKeys', () => rest.listDeployKeys({}, options), 'GET', '/forge/api/v4/deploy_keys'],
  // suggestions
  [
    'applySuggestion',
    () => rest.applySuggestion(11, 'Apply it', options),
    'PUT',
    '/forge/api/v4/suggestions/11/apply',
    { commit_message: 'Apply it' },
  ],
  [
    'applySuggestions',
    () => rest.applySuggestions([11, 12], 'Apply both', options),
    'PUT',
    '/forge/api/v4/suggestions/batch_apply',
    { ids: [11, 12], commit_message: 'Apply both' },
  ],
  // usage data
  [
    'incrementUsageCounter',
    () => rest.incrementUsageCounter('web_ide_views', options),
    'POST',
    '/forge/api/v4/usage_data/increment_counter',
    { event: 'web_ide_views' },
  ],
  // emoji
  ['getEmojiJson', () => rest.getEmojiJson(undefined, options), 'GET', '/forge/-/emojis/3/emojis.json'],
];

describe('typed REST functions (spec section 7)', () => {
  it.each(cases)('%s', async (_, call, method, url, body) => {
    await call();
    expect(server.requests).toHaveLength(1);
    const [request] = server.requests as [RecordedRequest];
    expect(`${request.method} ${request.url}`).toBe(`${method} ${url}`);
    if (body === undefined) expect(request.body.length).toBe(0);
    else expect(jsonBody(request)).toEqual(body);
  });

  it('cover every exported function of the REST part', () => {
    const covered = new Set(cases.map(([name]) => name.split(' ')[0]));
    const elsewhere = [
      // Tested below, or the client itself.
      'searchProjects',
      'incrementUniqueUsers',
      'sendUsageEvent',
      'uploadSecureFile',
      'uploadAlertMetricImage',
      'updateAlertMetricImage',
      'createRestClient',
      'serializeParams',
      'setCaptchaSolver',
      'getCaptchaSolver',
      'isCaptchaChallenge',
      'isHttpError',
      'requestFailedMessage',
      'parsePageInfo',
      'parsePaginationHeaders',
      'toPageInfo',
      'startupCallKey',
      'api',
      'path',
      'emojiJsonPath',
    ];
    const functions = Object.entries(rest)
      .filter(([name, value]) => typeof value === 'function' && !/^[A-Z]/.test(name))
      .map(([name]) => name)
      .filter((name) => !elsewhere.includes(name));
    expect(functions.filter((name) => !covered.has(name))).toEqual([]);
  });
});

describe('project search (spec sections 3, 6 and 7)', () => {
  it('sends search, per_page 20 and simple=true; membership only when signed in', async () => {
    await rest.searchProjects('web', {}, options);
    configurePage({ currentUserId: 1 });
    await rest.searchProjects('web', {}, options);
    const [anonymous, signedIn] = server.requests.map((r) => new URL(r.url, server.origin).searchParams);
    expect(Object.fromEntries(anonymous!)).toEqual({ search: 'web', per_page: '20', simple: 'true' });
    expect(Object.fromEntries(signedIn!)).toEqual({
      search: 'web',
      per_page: '20',
      simple: 'true',
      membership: 'true',
    });
    expect(server.requests[0]?.url.startsWith('/forge/api/v4/projects.json?')).toBe(true);
  });

  it('adds search_namespaces=true only when the text has a slash, and lets params win', async () => {
    await rest.searchProjects('group/web', { per_page: 5 }, options);
    const params = new URL(server.requests[0]!.url, server.origin).searchParams;
    expect(params.get('search_namespaces')).toBe('true');
    expect(params.get('per_page')).toBe('5');
    expect(rest.NAMESPACE_SEPARATOR).toBe('/');
    expect(rest.DEFAULT_PER_PAGE).toBe(20);
  });
});

describe('usage data (spec sections 6 and 7)', () => {
  it('sends unique-user counts and internal events only for a signed-in user', async () => {
    await expect(rest.incrementUniqueUsers('e', options)).resolves.toBeUndefined();
    await expect(rest.sendUsageEvent({ event: 'e' }, options)).resolves.toBeUndefined();
    expect(server.requests).toHaveLength(0);
    configurePage({ currentUserId: 1 });
    await rest.incrementUniqueUsers('i_code_review', options);
    const event = { event: 'click', project_id: 1, namespace_id: 2, additional_properties: { label: 'x' } };
    await rest.sendUsageEvent(event, options);
    expect(server.requests.map((r) => `${r.method} ${r.url}`)).toEqual([
      'POST /forge/api/v4/usage_data/increment_unique_users',
      'POST /forge/api/v4/usage_data/track_event',
    ]);
    expect(jsonBody(server.requests[0]!)).toEqual({ event: 'i_code_review' });
    expect(jsonBody(server.requests[1]!)).toEqual(event);
  });
});

describe('multipart and form calls', () => {
  it('uploads a secure file as multipart (name, file)', async () => {
    await rest.uploadSecureFile(1, 'keystore.jks', png(), options);
    const [request] = server.requests as [RecordedRequest];
    expect(`${request.method} ${request.url}`).toBe('POST /forge/api/v4/projects/1/secure_files');
    const form = await formBody(request);
    expect(form.get('name')).toBe('keystore.jks');
    expect(await (form.get('file') as File).text()).toBe('png-bytes');
  });

  it('uploads an alert metric image as multipart (file, optional url and url_text)', async () => {
    await rest.uploadAlertMetricImage(1, 12, png(), { url: 'https://grafana.test/d', url_text: 'Dashboard' }, options);
    await rest.uploadAlertMetricImage(1, 12, png(), {}, options);
    const [withLink, bare] = server.requests as [RecordedRequest, RecordedRequest];
    expect(`${withLink.method} ${withLink.url}`).toBe(
      'POST /forge/api/v4/projects/1/alert_management_alerts/12/metric_images',
    );
    const form = await formBody(withLink);
    expect([form.get('url'), form.get('url_text')]).toEqual(['https://grafana.test/d', 'Dashboard']);
    expect(await (form.get('file') as File).text()).toBe('png-bytes');
    expect([...(await formBody(bare)).keys()]).toEqual(['file']);
  });

  it('updates a metric image link as a form (PUT)', async () => {
    await rest.updateAlertMetricImage(1, 12, 4, { url_text: 'Graph' }, options);
    const [request] = server.requests as [RecordedRequest];
    expect(`${request.method} ${request.url}`).toBe(
      'PUT /forge/api/v4/projects/1/alert_management_alerts/12/metric_images/4',
    );
    expect(Object.fromEntries(await formBody(request))).toEqual({ url_text: 'Graph' });
  });
});

describe('responses of typed functions', () => {
  it('read a raw file as text, even when it looks like JSON', async () => {
    server.handle(() => ({ body: '{"not":"parsed"}', headers: { 'Content-Type': 'text/plain' } }));
    const { data } = await rest.getRawFile(1, 'a.json', {}, options);
    expect(data).toBe('{"not":"parsed"}');
  });

  it('use the page API version', async () => {
    configurePage({ apiVersion: 'v5' });
    await rest.getUser(1, options);
    expect(server.requests[0]?.url).toBe('/forge/api/v5/users/1');
  });
});
