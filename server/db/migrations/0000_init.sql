CREATE TYPE "public"."body_type" AS ENUM('slim', 'normal', 'fat');--> statement-breakpoint
CREATE TYPE "public"."eye_colour" AS ENUM('brown', 'blue', 'green', 'grey', 'hazel', 'other');--> statement-breakpoint
CREATE TYPE "public"."gender" AS ENUM('male', 'female');--> statement-breakpoint
CREATE TYPE "public"."hair_colour" AS ENUM('black', 'brown', 'blond', 'red', 'grey', 'white', 'bald', 'other');--> statement-breakpoint
CREATE TYPE "public"."member_status" AS ENUM('not_confirmed', 'active', 'suspended', 'deleted');--> statement-breakpoint
CREATE TYPE "public"."photo_status" AS ENUM('pending', 'approved', 'rejected');--> statement-breakpoint
CREATE TYPE "public"."profile_status" AS ENUM('active', 'disabled');--> statement-breakpoint
CREATE TYPE "public"."reason" AS ENUM('dating', 'relationship', 'friendship', 'chat', 'adventure', 'marriage');--> statement-breakpoint
CREATE TYPE "public"."relationship_status" AS ENUM('divorced', 'living_together', 'married', 'unmarried', 'single', 'widowed');--> statement-breakpoint
CREATE TYPE "public"."sexuality" AS ENUM('hetero', 'gay', 'lesbian', 'bi');--> statement-breakpoint
CREATE TYPE "public"."tattoos" AS ENUM('none', 'some', 'many');--> statement-breakpoint
CREATE TABLE "companies" (
	"id" integer PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"address" text NOT NULL,
	"postal_code" text NOT NULL,
	"kvk" text NOT NULL,
	"city" text NOT NULL,
	"country" text NOT NULL,
	"tradenames" jsonb NOT NULL,
	"vat_numbers" jsonb NOT NULL,
	"support_phone" text NOT NULL,
	"delete_discount" smallint DEFAULT 0 NOT NULL,
	"added" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "credit_ledger" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "credit_ledger_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"member_id" bigint NOT NULL,
	"delta" integer NOT NULL,
	"balance_after" integer NOT NULL,
	"reason" text NOT NULL,
	"reference" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "credit_ledger_balance_nonnegative" CHECK ("credit_ledger"."balance_after" >= 0)
);
--> statement-breakpoint
CREATE TABLE "interests" (
	"id" smallint PRIMARY KEY NOT NULL,
	"slug" text NOT NULL,
	"icon" text NOT NULL,
	CONSTRAINT "interests_slug_unique" UNIQUE("slug")
);
--> statement-breakpoint
CREATE TABLE "members" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "members_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"site_id" integer NOT NULL,
	"email" text NOT NULL,
	"password_hash" text,
	"status" "member_status" DEFAULT 'not_confirmed' NOT NULL,
	"credits" integer DEFAULT 0 NOT NULL,
	"paid_user" boolean DEFAULT false NOT NULL,
	"language" text NOT NULL,
	"invisible" boolean DEFAULT false NOT NULL,
	"notifications_disabled" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"tracking" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"signup_date" timestamp with time zone DEFAULT now() NOT NULL,
	"last_active_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	CONSTRAINT "members_credits_nonnegative" CHECK ("members"."credits" >= 0)
);
--> statement-breakpoint
CREATE TABLE "photos" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "photos_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"member_id" bigint NOT NULL,
	"original_key" text NOT NULL,
	"thumb_key" text NOT NULL,
	"blurred_key" text NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"premium" boolean DEFAULT false NOT NULL,
	"status" "photo_status" DEFAULT 'pending' NOT NULL,
	"position" smallint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "profile_interests" (
	"member_id" bigint NOT NULL,
	"interest_id" smallint NOT NULL,
	CONSTRAINT "profile_interests_member_id_interest_id_pk" PRIMARY KEY("member_id","interest_id")
);
--> statement-breakpoint
CREATE TABLE "profiles" (
	"member_id" bigint PRIMARY KEY NOT NULL,
	"site_id" integer NOT NULL,
	"name" text NOT NULL,
	"gender" "gender" NOT NULL,
	"sexuality" "sexuality" NOT NULL,
	"birth_date" date NOT NULL,
	"relationship_status" "relationship_status",
	"hair_colour" "hair_colour",
	"eye_colour" "eye_colour",
	"body_type" "body_type",
	"tattoos" "tattoos",
	"reason" "reason",
	"about" text DEFAULT '' NOT NULL,
	"country" text NOT NULL,
	"region_code" text,
	"status" "profile_status" DEFAULT 'disabled' NOT NULL,
	"main_photo_id" bigint,
	"seeking_gender" "gender",
	"seeking_min_age" smallint,
	"seeking_max_age" smallint,
	"fictional" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "regions" (
	"country" text NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	CONSTRAINT "regions_country_code_pk" PRIMARY KEY("country","code")
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"member_id" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sites" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "sites_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"domain" text NOT NULL,
	"aliases" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL,
	"company_id" integer NOT NULL,
	"settings" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sites_domain_unique" UNIQUE("domain")
);
--> statement-breakpoint
ALTER TABLE "credit_ledger" ADD CONSTRAINT "credit_ledger_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "members" ADD CONSTRAINT "members_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "photos" ADD CONSTRAINT "photos_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "profile_interests" ADD CONSTRAINT "profile_interests_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "profile_interests" ADD CONSTRAINT "profile_interests_interest_id_interests_id_fk" FOREIGN KEY ("interest_id") REFERENCES "public"."interests"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "profiles" ADD CONSTRAINT "profiles_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "profiles" ADD CONSTRAINT "profiles_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sites" ADD CONSTRAINT "sites_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "credit_ledger_member" ON "credit_ledger" USING btree ("member_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "members_site_email" ON "members" USING btree ("site_id",lower("email"));--> statement-breakpoint
CREATE INDEX "photos_member" ON "photos" USING btree ("member_id","position");--> statement-breakpoint
CREATE INDEX "profiles_search" ON "profiles" USING btree ("site_id","country","gender","birth_date");--> statement-breakpoint
CREATE INDEX "sessions_member" ON "sessions" USING btree ("member_id");