CREATE TYPE "public"."notification_kind" AS ENUM('new_conversations', 'new_messages', 'like', 'unread_message_reminders', 'promotions', 'weekly_updates', 'news', 'reminders');--> statement-breakpoint
CREATE TABLE "campaign_sends" (
	"campaign_id" text NOT NULL,
	"member_id" bigint NOT NULL,
	"sent_at" timestamp with time zone NOT NULL,
	CONSTRAINT "campaign_sends_campaign_id_member_id_pk" PRIMARY KEY("campaign_id","member_id")
);
--> statement-breakpoint
CREATE TABLE "notification_batches" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "notification_batches_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"member_id" bigint NOT NULL,
	"kind" "notification_kind" NOT NULL,
	"event_count" integer NOT NULL,
	"actor_ids" bigint[] NOT NULL,
	"first_event_at" timestamp with time zone NOT NULL,
	"last_event_at" timestamp with time zone NOT NULL,
	"due_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "unsubscribe_tokens" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"member_id" bigint NOT NULL,
	"kind" "notification_kind" NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "members" ADD COLUMN "page_hidden_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "members" ADD COLUMN "unread_reminder_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "members" ADD COLUMN "weekly_update_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "campaign_sends" ADD CONSTRAINT "campaign_sends_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_batches" ADD CONSTRAINT "notification_batches_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "unsubscribe_tokens" ADD CONSTRAINT "unsubscribe_tokens_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "campaign_sends_member" ON "campaign_sends" USING btree ("member_id");--> statement-breakpoint
CREATE UNIQUE INDEX "notification_batches_open" ON "notification_batches" USING btree ("member_id","kind");--> statement-breakpoint
CREATE INDEX "notification_batches_due" ON "notification_batches" USING btree ("due_at");--> statement-breakpoint
CREATE INDEX "unsubscribe_tokens_member" ON "unsubscribe_tokens" USING btree ("member_id");--> statement-breakpoint
CREATE INDEX "unsubscribe_tokens_expiry" ON "unsubscribe_tokens" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "conversation_members_unread" ON "conversation_members" USING btree ("member_id") WHERE "conversation_members"."unread_count" > 0 and not "conversation_members"."removed";--> statement-breakpoint
CREATE INDEX "members_weekly_update" ON "members" USING btree ("weekly_update_at");