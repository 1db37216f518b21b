-- Note events name the discussion the note belongs to (null for a note that stands alone), so a
-- deletion can report the thread a reply was in: the row is gone by the time a subscriber reads.
CREATE OR REPLACE FUNCTION notify_note_event() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  row notes;
BEGIN
  row := CASE WHEN TG_OP = 'DELETE' THEN OLD ELSE NEW END;
  IF TG_OP = 'UPDATE' AND NEW.note IS NOT DISTINCT FROM OLD.note AND NEW.internal = OLD.internal
    AND NEW.updated_at IS NOT DISTINCT FROM OLD.updated_at AND NEW.resolved_at IS NOT DISTINCT FROM OLD.resolved_at THEN
    RETURN NULL;
  END IF;
  PERFORM pg_notify('forgekit_events', json_build_object(
    'type', 'note_' || lower(TG_OP), 'id', row.id, 'noteableType', row.noteable_type,
    'noteableId', row.noteable_id, 'discussionId', row.discussion_id)::text);
  RETURN NULL;
END;
$$;
