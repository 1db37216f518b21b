-- The whole-response cache of hot REST reads (app/server/http/responseCache.ts,
-- docs/decisions/015-server-performance.md): a cached answer is kept with the versions of what it
-- was built from, read in one query before the answer is built, and served again only while one
-- query reads the same versions. Versions are bumped by triggers in the writing transaction
-- (whatever wrote: REST, GraphQL, the seed, another server process, psql), so a request that
-- starts after a write was acknowledged reads the new version and is answered fresh.
--
-- Scopes: 'project:<id>' (the project's row, its issues and everything migration 065 versions per
-- issue, its notes), 'user:<id>' (what authenticates and authorises that user: their row, tokens,
-- memberships, subscriptions) and 'epoch' (rare writes that reach every answer: groups and
-- namespaces, application settings). Migration 065's issue_cache_epoch (names, paths, colours,
-- milestones) is read with them.

CREATE TABLE response_cache_versions (
  scope text PRIMARY KEY,
  version bigint NOT NULL
);

CREATE FUNCTION bump_response_cache(key text) RETURNS void LANGUAGE sql AS $$
  INSERT INTO response_cache_versions (scope, version) VALUES (key, 1)
  ON CONFLICT (scope) DO UPDATE SET version = response_cache_versions.version + 1;
$$;

-- TG_ARGV: the scope's prefix ('project', 'user') and the column holding its id; both the old and
-- the new row's ids are bumped (an issue moved between projects changes both lists).
CREATE FUNCTION response_cache_row_bump() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  old_id text := CASE WHEN TG_OP <> 'INSERT' THEN to_jsonb(OLD) ->> TG_ARGV[1] END;
  new_id text := CASE WHEN TG_OP <> 'DELETE' THEN to_jsonb(NEW) ->> TG_ARGV[1] END;
BEGIN
  IF old_id IS NOT NULL THEN
    PERFORM bump_response_cache(TG_ARGV[0] || ':' || old_id);
  END IF;
  IF new_id IS NOT NULL AND new_id IS DISTINCT FROM old_id THEN
    PERFORM bump_response_cache(TG_ARGV[0] || ':' || new_id);
  END IF;
  RETURN NULL;
END;
$$;

CREATE FUNCTION response_cache_epoch_bump() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM bump_response_cache('epoch');
  RETURN NULL;
END;
$$;

-- A project's answers: its row (visibility, features, archived), its issues (created, changed,
-- moved, deleted), whatever migration 065 versions per issue (assignees, labels, notes, award
-- emoji) and its notes (any column: an issue's notes list shows them whole).
CREATE TRIGGER projects_response_cache AFTER UPDATE OR DELETE ON projects
  FOR EACH ROW EXECUTE FUNCTION response_cache_row_bump('project', 'id');
CREATE TRIGGER issues_response_cache AFTER INSERT OR UPDATE OR DELETE ON issues
  FOR EACH ROW EXECUTE FUNCTION response_cache_row_bump('project', 'project_id');
CREATE TRIGGER notes_response_cache AFTER INSERT OR UPDATE OR DELETE ON notes
  FOR EACH ROW EXECUTE FUNCTION response_cache_row_bump('project', 'project_id');

CREATE FUNCTION issue_cache_versions_response_cache() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM bump_response_cache('project:' || issues.project_id) FROM issues WHERE issues.id = NEW.issue_id;
  RETURN NULL;
END;
$$;
CREATE TRIGGER issue_cache_versions_response_cache AFTER INSERT OR UPDATE ON issue_cache_versions
  FOR EACH ROW EXECUTE FUNCTION issue_cache_versions_response_cache();

-- A viewer's answers: who they are (blocked, admin, external...), their tokens (revoked, scopes),
-- their memberships (roles decide what they may read) and subscriptions.
CREATE TRIGGER users_response_cache AFTER UPDATE OR DELETE ON users
  FOR EACH ROW EXECUTE FUNCTION response_cache_row_bump('user', 'id');
CREATE TRIGGER personal_access_tokens_response_cache AFTER INSERT OR UPDATE OR DELETE ON personal_access_tokens
  FOR EACH ROW EXECUTE FUNCTION response_cache_row_bump('user', 'user_id');
CREATE TRIGGER members_response_cache AFTER INSERT OR UPDATE OR DELETE ON members
  FOR EACH ROW EXECUTE FUNCTION response_cache_row_bump('user', 'user_id');
CREATE TRIGGER subscriptions_response_cache AFTER INSERT OR UPDATE OR DELETE ON subscriptions
  FOR EACH ROW EXECUTE FUNCTION response_cache_row_bump('user', 'user_id');

-- Everyone's answers: groups (visibility, paths) and the instance's settings.
CREATE TRIGGER namespaces_response_cache AFTER UPDATE OR DELETE ON namespaces
  FOR EACH STATEMENT EXECUTE FUNCTION response_cache_epoch_bump();
CREATE TRIGGER application_settings_response_cache AFTER INSERT OR UPDATE OR DELETE ON application_settings
  FOR EACH STATEMENT EXECUTE FUNCTION response_cache_epoch_bump();
