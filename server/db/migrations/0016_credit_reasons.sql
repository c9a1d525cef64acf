-- The credits ledger's reason becomes an enum (common/api/credits.ts), so that no write can invent
-- one. A reason of the enum stays as it is; the console's older names take theirs ('signup' the
-- signup bonus, 'present' a gift); any other text was a correction by hand and becomes 'adjustment'.
-- The purchase index compares the column with a text, so it is made again around the change.
CREATE TYPE "public"."credit_reason" AS ENUM('signup_bonus', 'purchase', 'demo_purchase', 'refund', 'adjustment', 'message', 'photo_message', 'gift');--> statement-breakpoint
DROP INDEX "credit_ledger_purchase";--> statement-breakpoint
ALTER TABLE "credit_ledger" ALTER COLUMN "reason" SET DATA TYPE "public"."credit_reason" USING (CASE
  WHEN "reason" IN ('signup_bonus', 'purchase', 'demo_purchase', 'refund', 'adjustment', 'message', 'photo_message', 'gift') THEN "reason"
  WHEN "reason" = 'signup' THEN 'signup_bonus'
  WHEN "reason" = 'present' THEN 'gift'
  ELSE 'adjustment'
END)::"public"."credit_reason";--> statement-breakpoint
CREATE UNIQUE INDEX "credit_ledger_purchase" ON "credit_ledger" USING btree ("reference") WHERE "credit_ledger"."reason" = 'purchase';
