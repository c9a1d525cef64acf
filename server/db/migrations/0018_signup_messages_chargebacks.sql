CREATE TABLE "signup_messages" (
	"member_id" bigint PRIMARY KEY NOT NULL,
	"recipient_id" bigint NOT NULL,
	"body" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "demo_payments" ADD COLUMN "charged_back_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "direct_debit_blocks" ADD COLUMN "staff_id" integer;--> statement-breakpoint
ALTER TABLE "direct_debit_blocks" ADD COLUMN "payment_id" uuid;--> statement-breakpoint
ALTER TABLE "signup_messages" ADD CONSTRAINT "signup_messages_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "signup_messages" ADD CONSTRAINT "signup_messages_recipient_id_members_id_fk" FOREIGN KEY ("recipient_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "direct_debit_blocks" ADD CONSTRAINT "direct_debit_blocks_staff_id_staff_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "direct_debit_blocks" ADD CONSTRAINT "direct_debit_blocks_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE set null ON UPDATE no action;