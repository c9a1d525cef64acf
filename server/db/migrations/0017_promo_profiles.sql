CREATE TABLE "promo_clicks" (
	"promo_id" integer NOT NULL,
	"site_id" integer NOT NULL,
	"day" date NOT NULL,
	"network" text DEFAULT '' NOT NULL,
	"clicks" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "promo_clicks_promo_id_day_network_pk" PRIMARY KEY("promo_id","day","network")
);
--> statement-breakpoint
CREATE TABLE "promo_domains" (
	"site_id" integer NOT NULL,
	"domain" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "promo_domains_site_id_domain_pk" PRIMARY KEY("site_id","domain")
);
--> statement-breakpoint
CREATE TABLE "promo_profiles" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "promo_profiles_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"site_id" integer NOT NULL,
	"name" text NOT NULL,
	"age" smallint NOT NULL,
	"text" text NOT NULL,
	"url" text NOT NULL,
	"countries" text[] DEFAULT '{}'::text[] NOT NULL,
	"niches" smallint[] DEFAULT '{}'::smallint[] NOT NULL,
	"active_from" timestamp with time zone,
	"active_until" timestamp with time zone,
	"enabled" boolean DEFAULT true NOT NULL,
	"picture_key" text,
	"thumb_key" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	CONSTRAINT "promo_profiles_age" CHECK ("promo_profiles"."age" between 18 and 99)
);
--> statement-breakpoint
ALTER TABLE "promo_clicks" ADD CONSTRAINT "promo_clicks_promo_id_promo_profiles_id_fk" FOREIGN KEY ("promo_id") REFERENCES "public"."promo_profiles"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promo_clicks" ADD CONSTRAINT "promo_clicks_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promo_domains" ADD CONSTRAINT "promo_domains_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promo_profiles" ADD CONSTRAINT "promo_profiles_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "promo_clicks_site_day" ON "promo_clicks" USING btree ("site_id","day");--> statement-breakpoint
CREATE INDEX "promo_profiles_site" ON "promo_profiles" USING btree ("site_id") WHERE "promo_profiles"."deleted_at" is null;