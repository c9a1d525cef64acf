CREATE TYPE "public"."complaint_category" AS ENUM('member_behaviour', 'fake_profile', 'illegal_content', 'billing', 'privacy', 'technical', 'other');--> statement-breakpoint
CREATE TYPE "public"."complaint_status" AS ENUM('new', 'in_progress', 'closed');--> statement-breakpoint
CREATE TABLE "complaints" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "complaints_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"reference" text NOT NULL,
	"site_id" integer NOT NULL,
	"member_id" bigint,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"category" "complaint_category" NOT NULL,
	"subject" text,
	"message" text NOT NULL,
	"language" text NOT NULL,
	"status" "complaint_status" DEFAULT 'new' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"forwarded_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "complaints" ADD CONSTRAINT "complaints_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "complaints" ADD CONSTRAINT "complaints_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "complaints_reference" ON "complaints" USING btree ("reference");--> statement-breakpoint
CREATE INDEX "complaints_site_status" ON "complaints" USING btree ("site_id","status","created_at");--> statement-breakpoint
CREATE INDEX "complaints_member" ON "complaints" USING btree ("member_id");