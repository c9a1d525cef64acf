ALTER TABLE "demo_payments" ADD COLUMN "refunded_amount" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "members_email_search" ON "members" USING btree (lower("email") collate "C","id");--> statement-breakpoint
CREATE INDEX "profiles_name_search" ON "profiles" USING btree (lower("name") collate "C","member_id");