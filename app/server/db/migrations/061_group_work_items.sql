-- Group work items (GitLab's epics): an `issues` row lives either in a project (`project_id`) or,
-- without a project, in a group (`namespace_id`), like milestones' project or group. Group items
-- are epics; their iids count per group in `namespace_internal_ids`, as project iids do per
-- project in `internal_ids`.

ALTER TABLE issues ALTER COLUMN project_id DROP NOT NULL;
ALTER TABLE issues ADD COLUMN namespace_id integer REFERENCES namespaces (id) ON DELETE CASCADE;
ALTER TABLE issues ADD CONSTRAINT issues_project_or_namespace CHECK ((project_id IS NULL) <> (namespace_id IS NULL));
ALTER TABLE issues ADD CONSTRAINT issues_group_items_are_epics CHECK (namespace_id IS NULL OR issue_type = 'epic');
CREATE UNIQUE INDEX index_issues_on_namespace_id_and_iid ON issues (namespace_id, iid) WHERE namespace_id IS NOT NULL;
CREATE INDEX index_issues_on_namespace_id_and_state_and_created_at ON issues (namespace_id, state, created_at)
  WHERE namespace_id IS NOT NULL;

CREATE TABLE namespace_internal_ids (
  namespace_id integer NOT NULL REFERENCES namespaces (id) ON DELETE CASCADE,
  usage text NOT NULL,
  last_value integer NOT NULL,
  PRIMARY KEY (namespace_id, usage)
);
