ALTER TABLE "payments" ADD COLUMN "vat_rule" text;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "vat_country" text;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "billing_country" text;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "ip_country" text;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "card_country" text;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "location_agrees" boolean;--> statement-breakpoint
CREATE INDEX "payments_vat_idx" ON "payments" USING btree ("vat_rule","paid_at");