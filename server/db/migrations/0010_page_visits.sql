CREATE TABLE "page_visits" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "page_visits_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"site_id" integer NOT NULL,
	"path" text NOT NULL,
	"lander" text NOT NULL,
	"network" text,
	"ref" text,
	"sub1" text,
	"sub2" text,
	"sub3" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "page_bounces" ADD COLUMN "lander" text;--> statement-breakpoint
ALTER TABLE "page_visits" ADD CONSTRAINT "page_visits_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "page_visits_site_day" ON "page_visits" USING btree ("site_id","created_at");