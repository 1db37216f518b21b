-- Group work items (epics, migration 061) have no project: their cache versions (migration 065)
-- must not bump a 'project:' scope, whose key would be null. Group answers are not cached whole.
CREATE OR REPLACE FUNCTION issue_cache_versions_response_cache() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM bump_response_cache('project:' || issues.project_id)
    FROM issues WHERE issues.id = NEW.issue_id AND issues.project_id IS NOT NULL;
  RETURN NULL;
END;
$$;
