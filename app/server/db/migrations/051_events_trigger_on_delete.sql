-- Migration 050's event trigger read `NEW.state` in the condition of its UPDATE branch, which
-- PL/pgSQL evaluates on DELETE too: deleting a note (no `state` column) failed. Same function,
-- with the UPDATE branch's fields read only inside it.

CREATE OR REPLACE FUNCTION record_target_event() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  target text := TG_ARGV[0];
BEGIN
  IF TG_OP = 'INSERT' THEN
    IF target = 'Project' THEN
      IF NEW.creator_id IS NOT NULL THEN
        INSERT INTO events (project_id, author_id, action, created_at, updated_at)
          VALUES (NEW.id, NEW.creator_id, 'created', NEW.created_at, NEW.created_at);
      END IF;
    ELSIF target = 'Note' THEN
      IF NOT NEW.system AND NEW.author_id IS NOT NULL THEN
        INSERT INTO events (project_id, author_id, action, target_type, target_id, created_at, updated_at)
          VALUES (NEW.project_id, NEW.author_id, 'commented', 'Note', NEW.id, NEW.created_at, NEW.created_at);
      END IF;
    ELSIF NEW.author_id IS NOT NULL THEN
      INSERT INTO events (project_id, author_id, action, target_type, target_id, created_at, updated_at)
        VALUES (NEW.project_id, NEW.author_id, 'created', target, NEW.id, NEW.created_at, NEW.created_at);
    END IF;
  ELSIF TG_OP = 'UPDATE' THEN
    -- Nested, not `AND`ed: a row without the field (notes, on DELETE) must never read it.
    IF NEW.state IS NOT DISTINCT FROM OLD.state THEN
      RETURN NULL;
    END IF;
    IF NEW.state = 'closed' AND NEW.closed_by_id IS NOT NULL THEN
      INSERT INTO events (project_id, author_id, action, target_type, target_id)
        VALUES (NEW.project_id, NEW.closed_by_id, 'closed', target, NEW.id);
    ELSIF target = 'MergeRequest' THEN
      -- Only merge requests have `merged_by_id`: the field is read in this branch alone.
      IF NEW.state = 'merged' AND NEW.merged_by_id IS NOT NULL THEN
        INSERT INTO events (project_id, author_id, action, target_type, target_id)
          VALUES (NEW.project_id, NEW.merged_by_id, 'merged', target, NEW.id);
      END IF;
    END IF;
  ELSIF TG_OP = 'DELETE' THEN
    DELETE FROM events WHERE target_type = target AND target_id = OLD.id;
  END IF;
  RETURN NULL;
END;
$$;
