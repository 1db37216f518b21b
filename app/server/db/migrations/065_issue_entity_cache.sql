-- The issue list's response cache (app/server/cache/, docs/decisions/015-server-performance.md):
-- cached issue JSON is keyed by a version per issue and one epoch for everything issues borrow
-- from other rows. Both are bumped by triggers in the writing transaction, whatever wrote (REST,
-- GraphQL, the seed, another server process), and read in the same query as the page, so a page
-- can never be answered with an entity older than the rows it just read.

CREATE TABLE issue_cache_versions (
  issue_id integer PRIMARY KEY REFERENCES issues (id) ON DELETE CASCADE,
  version bigint NOT NULL
);

-- One row: bumped when a user, label, milestone, project or namespace changes what issues show
-- of it (names, paths, colours), rare writes that would otherwise touch thousands of versions.
CREATE TABLE issue_cache_epoch (
  singleton boolean PRIMARY KEY DEFAULT true CHECK (singleton),
  epoch bigint NOT NULL
);
INSERT INTO issue_cache_epoch (epoch) VALUES (0);

CREATE FUNCTION bump_issue_cache_version(issue integer) RETURNS void LANGUAGE sql AS $$
  -- Nothing to bump for an issue deleted in this statement (its notes and awards go with it).
  INSERT INTO issue_cache_versions (issue_id, version)
  SELECT id, 1 FROM issues WHERE id = issue
  ON CONFLICT (issue_id) DO UPDATE SET version = issue_cache_versions.version + 1;
$$;

CREATE FUNCTION bump_issue_cache_epoch() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE issue_cache_epoch SET epoch = epoch + 1;
  RETURN NULL;
END;
$$;

-- The issue's own row: any change (state, title, confidentiality, milestone, dates...).
CREATE FUNCTION issues_bump_cache_version() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM bump_issue_cache_version(NEW.id);
  RETURN NULL;
END;
$$;
CREATE TRIGGER issues_cache_version AFTER UPDATE ON issues
  FOR EACH ROW EXECUTE FUNCTION issues_bump_cache_version();

-- Rows hanging on an issue: assignees, labels, notes (user_notes_count, subscribed), award emoji
-- (upvotes, downvotes).
CREATE FUNCTION issue_child_bump_cache_version() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  row_json jsonb := to_jsonb(CASE WHEN TG_OP = 'DELETE' THEN OLD ELSE NEW END);
BEGIN
  -- TG_ARGV: the column naming the issue, then the polymorphic type column (if any).
  IF TG_NARGS = 1 OR row_json ->> TG_ARGV[1] = 'Issue' THEN
    PERFORM bump_issue_cache_version((row_json ->> TG_ARGV[0])::integer);
  END IF;
  RETURN NULL;
END;
$$;
CREATE TRIGGER issue_assignees_cache_version AFTER INSERT OR DELETE ON issue_assignees
  FOR EACH ROW EXECUTE FUNCTION issue_child_bump_cache_version('issue_id');
CREATE TRIGGER label_links_cache_version AFTER INSERT OR DELETE ON label_links
  FOR EACH ROW EXECUTE FUNCTION issue_child_bump_cache_version('target_id', 'target_type');
CREATE TRIGGER notes_cache_version AFTER INSERT OR DELETE OR UPDATE OF system, author_id ON notes
  FOR EACH ROW EXECUTE FUNCTION issue_child_bump_cache_version('noteable_id', 'noteable_type');
CREATE TRIGGER award_emoji_cache_version AFTER INSERT OR DELETE OR UPDATE OF name ON award_emoji
  FOR EACH ROW EXECUTE FUNCTION issue_child_bump_cache_version('awardable_id', 'awardable_type');

-- What issues show of other rows: UserBasic, LabelBasic, Milestone, the project's full path.
CREATE TRIGGER users_cache_epoch AFTER UPDATE OF username, name, state, locked, avatar_url ON users
  FOR EACH ROW WHEN ((OLD.username, OLD.name, OLD.state, OLD.locked, OLD.avatar_url)
    IS DISTINCT FROM (NEW.username, NEW.name, NEW.state, NEW.locked, NEW.avatar_url))
  EXECUTE FUNCTION bump_issue_cache_epoch();
CREATE TRIGGER labels_cache_epoch AFTER UPDATE OF title, color, description, description_html ON labels
  FOR EACH ROW WHEN ((OLD.title, OLD.color, OLD.description, OLD.description_html)
    IS DISTINCT FROM (NEW.title, NEW.color, NEW.description, NEW.description_html))
  EXECUTE FUNCTION bump_issue_cache_epoch();
CREATE TRIGGER milestones_cache_epoch AFTER UPDATE OR DELETE ON milestones
  FOR EACH STATEMENT EXECUTE FUNCTION bump_issue_cache_epoch();
CREATE TRIGGER projects_cache_epoch AFTER UPDATE OF path, namespace_id ON projects
  FOR EACH ROW WHEN ((OLD.path, OLD.namespace_id) IS DISTINCT FROM (NEW.path, NEW.namespace_id))
  EXECUTE FUNCTION bump_issue_cache_epoch();
CREATE TRIGGER namespaces_cache_epoch AFTER UPDATE OF path, full_path ON namespaces
  FOR EACH ROW WHEN ((OLD.path, OLD.full_path) IS DISTINCT FROM (NEW.path, NEW.full_path))
  EXECUTE FUNCTION bump_issue_cache_epoch();
