CREATE TYPE "public"."message_kind" AS ENUM('text', 'photo', 'gift');--> statement-breakpoint
CREATE TABLE "conversation_members" (
	"conversation_id" bigint NOT NULL,
	"member_id" bigint NOT NULL,
	"other_member_id" bigint NOT NULL,
	"unread_count" integer DEFAULT 0 NOT NULL,
	"last_read_message_id" bigint,
	"cleared_up_to" bigint DEFAULT 0 NOT NULL,
	"removed" boolean DEFAULT false NOT NULL,
	"last_message_id" bigint,
	"last_message_at" timestamp with time zone,
	CONSTRAINT "conversation_members_conversation_id_member_id_pk" PRIMARY KEY("conversation_id","member_id"),
	CONSTRAINT "conversation_members_unread_nonnegative" CHECK ("conversation_members"."unread_count" >= 0)
);
--> statement-breakpoint
CREATE TABLE "conversations" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "conversations_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"site_id" integer NOT NULL,
	"member_low" bigint NOT NULL,
	"member_high" bigint NOT NULL,
	"started_by" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "conversations_ordered_pair" CHECK ("conversations"."member_low" < "conversations"."member_high")
);
--> statement-breakpoint
CREATE TABLE "gifts" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "gifts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"slug" text NOT NULL,
	"credits" integer,
	"active" boolean DEFAULT true NOT NULL,
	"position" smallint DEFAULT 0 NOT NULL,
	CONSTRAINT "gifts_credits_nonnegative" CHECK ("gifts"."credits" >= 0)
);
--> statement-breakpoint
CREATE TABLE "messages" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "messages_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"conversation_id" bigint NOT NULL,
	"sender_id" bigint NOT NULL,
	"client_id" uuid NOT NULL,
	"kind" "message_kind" DEFAULT 'text' NOT NULL,
	"body" text DEFAULT '' NOT NULL,
	"photo_key" text,
	"photo_thumb_key" text,
	"gift_id" integer,
	"credits" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "conversation_members" ADD CONSTRAINT "conversation_members_conversation_id_conversations_id_fk" FOREIGN KEY ("conversation_id") REFERENCES "public"."conversations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conversation_members" ADD CONSTRAINT "conversation_members_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conversation_members" ADD CONSTRAINT "conversation_members_other_member_id_members_id_fk" FOREIGN KEY ("other_member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conversations" ADD CONSTRAINT "conversations_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conversations" ADD CONSTRAINT "conversations_member_low_members_id_fk" FOREIGN KEY ("member_low") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conversations" ADD CONSTRAINT "conversations_member_high_members_id_fk" FOREIGN KEY ("member_high") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conversations" ADD CONSTRAINT "conversations_started_by_members_id_fk" FOREIGN KEY ("started_by") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_conversation_id_conversations_id_fk" FOREIGN KEY ("conversation_id") REFERENCES "public"."conversations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_sender_id_members_id_fk" FOREIGN KEY ("sender_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_gift_id_gifts_id_fk" FOREIGN KEY ("gift_id") REFERENCES "public"."gifts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "conversation_members_list" ON "conversation_members" USING btree ("member_id","last_message_at") WHERE not "conversation_members"."removed";--> statement-breakpoint
CREATE INDEX "conversation_members_other" ON "conversation_members" USING btree ("member_id","other_member_id");--> statement-breakpoint
CREATE UNIQUE INDEX "conversations_pair" ON "conversations" USING btree ("member_low","member_high");--> statement-breakpoint
CREATE INDEX "conversations_high" ON "conversations" USING btree ("member_high");--> statement-breakpoint
CREATE INDEX "conversations_started_by" ON "conversations" USING btree ("started_by");--> statement-breakpoint
CREATE UNIQUE INDEX "gifts_slug" ON "gifts" USING btree ("slug");--> statement-breakpoint
CREATE UNIQUE INDEX "messages_client" ON "messages" USING btree ("sender_id","client_id");--> statement-breakpoint
CREATE INDEX "messages_conversation" ON "messages" USING btree ("conversation_id","id");--> statement-breakpoint
-- The gift catalogue every site starts with; operators change prices and availability (null = gift_credits).
INSERT INTO "gifts" ("slug", "credits", "position") VALUES
  ('rose', NULL, 1), ('heart', NULL, 2), ('kiss', NULL, 3), ('chocolates', NULL, 4),
  ('teddy', NULL, 5), ('cocktail', NULL, 6), ('champagne', 10, 7), ('diamond', 25, 8);
