ALTER TABLE "likes" ADD COLUMN "match_seen_at" timestamp with time zone;--> statement-breakpoint
-- Matches made before match moments existed count as seen: nobody gets a burst of old matches.
UPDATE "likes" SET "match_seen_at" = "created_at" WHERE EXISTS (SELECT 1 FROM "likes" AS "back" WHERE "back"."liker_id" = "likes"."liked_id" AND "back"."liked_id" = "likes"."liker_id");
