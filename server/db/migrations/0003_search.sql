DROP INDEX "profiles_search";--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "searchable" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "has_photo" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "last_active_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
-- The search columns of profiles are copies (schema.ts); these triggers keep them right wherever
-- the source changes, whichever code path writes it (signup, settings, deletion, moderation, seeding).
-- A profile, when written, takes its member's state and its main photo's status.
CREATE FUNCTION "profiles_search_columns"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE m record;
BEGIN
  SELECT status, deleted_at, invisible, last_active_at INTO m FROM members WHERE id = NEW.member_id;
  NEW.searchable := m.status = 'active' AND m.deleted_at IS NULL AND NOT m.invisible AND NEW.status = 'active';
  NEW.last_active_at := date_trunc('milliseconds', m.last_active_at);
  NEW.has_photo := NEW.main_photo_id IS NOT NULL AND EXISTS (
    SELECT 1 FROM photos WHERE id = NEW.main_photo_id AND member_id = NEW.member_id AND status = 'approved');
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER "profiles_search_columns" BEFORE INSERT OR UPDATE OF "member_id", "status", "main_photo_id" ON "profiles"
  FOR EACH ROW EXECUTE FUNCTION "profiles_search_columns"();--> statement-breakpoint
-- A member's state and activity, when they change, reach their profile.
CREATE FUNCTION "members_search_columns"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE profiles SET
    searchable = NEW.status = 'active' AND NEW.deleted_at IS NULL AND NOT NEW.invisible AND status = 'active',
    last_active_at = date_trunc('milliseconds', NEW.last_active_at)
  WHERE member_id = NEW.id;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "members_search_columns" AFTER UPDATE OF "status", "deleted_at", "invisible", "last_active_at" ON "members"
  FOR EACH ROW WHEN (
    OLD.status IS DISTINCT FROM NEW.status OR OLD.deleted_at IS DISTINCT FROM NEW.deleted_at
    OR OLD.invisible IS DISTINCT FROM NEW.invisible OR OLD.last_active_at IS DISTINCT FROM NEW.last_active_at
  ) EXECUTE FUNCTION "members_search_columns"();--> statement-breakpoint
-- A main photo that is added, approved, rejected or deleted changes its profile's has_photo.
CREATE FUNCTION "photos_search_columns"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE p record;
BEGIN
  IF TG_OP = 'DELETE' THEN p := OLD; ELSE p := NEW; END IF;
  UPDATE profiles SET has_photo = TG_OP <> 'DELETE' AND p.status = 'approved'
  WHERE member_id = p.member_id AND main_photo_id = p.id
    AND has_photo IS DISTINCT FROM (TG_OP <> 'DELETE' AND p.status = 'approved');
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "photos_search_columns" AFTER INSERT OR DELETE OR UPDATE OF "status", "member_id" ON "photos"
  FOR EACH ROW EXECUTE FUNCTION "photos_search_columns"();--> statement-breakpoint
UPDATE "profiles" SET "member_id" = "member_id";--> statement-breakpoint
CREATE INDEX "profiles_search_region" ON "profiles" USING btree ("site_id","country","region_code","has_photo","last_active_at","member_id","gender","birth_date") WHERE "profiles"."searchable";--> statement-breakpoint
CREATE INDEX "profiles_search_site" ON "profiles" USING btree ("site_id","has_photo","last_active_at","member_id","country","gender","birth_date") WHERE "profiles"."searchable";--> statement-breakpoint
CREATE INDEX "profiles_search" ON "profiles" USING btree ("site_id","country","has_photo","last_active_at","member_id","gender","birth_date") WHERE "profiles"."searchable";
