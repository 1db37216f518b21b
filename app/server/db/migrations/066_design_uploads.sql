-- Designs uploaded through `designManagementUpload` (issue 15): the image is a file in the
-- project's design store (`{repositories}/{project id}.design/`, GitLab keeps designs in a design
-- repository of the project), the row keeps its type and size; seeded designs keep their data URL.
ALTER TABLE design_management_designs ALTER COLUMN image DROP NOT NULL;
ALTER TABLE design_management_designs ADD COLUMN content_type text;
ALTER TABLE design_management_designs ADD COLUMN size_bytes integer;
ALTER TABLE design_management_designs ADD COLUMN updated_at timestamptz NOT NULL DEFAULT now();
ALTER TABLE design_management_designs ADD CONSTRAINT design_management_designs_image_or_file
  CHECK (image IS NOT NULL OR content_type IS NOT NULL);
-- A new version of a design (same filename) replaces its file: the item's readers hear of it.
DROP TRIGGER design_management_designs_notify ON design_management_designs;
CREATE TRIGGER design_management_designs_notify AFTER INSERT OR UPDATE OR DELETE ON design_management_designs
  FOR EACH ROW EXECUTE FUNCTION notify_issue_child_event('designs', 'issue_id');
