-- A profile with open reports from several members (members.hidden_by_reports) leaves
-- search like an invisible one: the search copy `profiles.searchable` of migration 0003 takes the
-- flag in too, so the search's partial indexes skip it.
CREATE OR REPLACE FUNCTION "profiles_search_columns"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE m record;
BEGIN
  SELECT status, deleted_at, invisible, hidden_by_reports, last_active_at INTO m FROM members WHERE id = NEW.member_id;
  NEW.searchable := m.status = 'active' AND m.deleted_at IS NULL AND NOT m.invisible
    AND NOT m.hidden_by_reports AND NEW.status = 'active';
  NEW.last_active_at := date_trunc('milliseconds', m.last_active_at);
  NEW.has_photo := NEW.main_photo_id IS NOT NULL AND EXISTS (
    SELECT 1 FROM photos WHERE id = NEW.main_photo_id AND member_id = NEW.member_id AND status = 'approved');
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "members_search_columns"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE profiles SET
    searchable = NEW.status = 'active' AND NEW.deleted_at IS NULL AND NOT NEW.invisible
      AND NOT NEW.hidden_by_reports AND status = 'active',
    last_active_at = date_trunc('milliseconds', NEW.last_active_at)
  WHERE member_id = NEW.id;
  RETURN NULL;
END $$;--> statement-breakpoint
DROP TRIGGER "members_search_columns" ON "members";--> statement-breakpoint
CREATE TRIGGER "members_search_columns" AFTER UPDATE OF "status", "deleted_at", "invisible", "hidden_by_reports", "last_active_at" ON "members"
  FOR EACH ROW WHEN (
    OLD.status IS DISTINCT FROM NEW.status OR OLD.deleted_at IS DISTINCT FROM NEW.deleted_at
    OR OLD.invisible IS DISTINCT FROM NEW.invisible OR OLD.hidden_by_reports IS DISTINCT FROM NEW.hidden_by_reports
    OR OLD.last_active_at IS DISTINCT FROM NEW.last_active_at
  ) EXECUTE FUNCTION "members_search_columns"();--> statement-breakpoint
UPDATE "profiles" SET "searchable" = false
  FROM "members" WHERE "members"."id" = "profiles"."member_id" AND "members"."hidden_by_reports" AND "profiles"."searchable";
