ALTER TABLE "discount_codes" ADD COLUMN "max_uses" integer;--> statement-breakpoint
CREATE INDEX "payments_discount_code" ON "payments" USING btree ("site_id","discount_code") WHERE "payments"."discount_code" IS NOT NULL;--> statement-breakpoint
ALTER TABLE "discount_codes" ADD CONSTRAINT "discount_codes_max_uses_positive" CHECK ("discount_codes"."max_uses" > 0);