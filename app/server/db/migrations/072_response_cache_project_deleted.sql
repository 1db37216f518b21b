-- Group and instance-wide issue lists in the whole-response cache (app/server/http/responseCache.ts,
-- docs/decisions/015-server-performance.md): their fingerprint sums the versions of the projects
-- the group (or the instance) holds at read time, so nothing is written per group on a project
-- write. A sum over a set only moves forward while the set stays the same: projects moved between
-- namespaces already bump migration 065's epoch, namespaces moved bump migration 070's; a deleted
-- project leaves the set and takes its version out of the sum, so it bumps the epoch too.
CREATE TRIGGER projects_deleted_response_cache AFTER DELETE ON projects
  FOR EACH STATEMENT EXECUTE FUNCTION response_cache_epoch_bump();
