CREATE INDEX "members_site_signup" ON "members" USING btree ("site_id","signup_date");--> statement-breakpoint
CREATE INDEX "messages_created" ON "messages" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "payments_site_paid" ON "payments" USING btree ("site_id","paid_at") WHERE "payments"."status" = 'paid';--> statement-breakpoint
CREATE INDEX "payments_site_refunded" ON "payments" USING btree ("site_id","refunded_at") WHERE "payments"."refunded_at" is not null;