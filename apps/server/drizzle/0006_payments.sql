CREATE TABLE "bank_transfer_references" (
	"reference" text PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"confirmed_at" timestamp with time zone,
	"payment_id" text
);
--> statement-breakpoint
CREATE TABLE "payment_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"provider" text NOT NULL,
	"provider_event_id" text NOT NULL,
	"payment_id" text,
	"status" text NOT NULL,
	"provider_status" text NOT NULL,
	"paid_micros" bigint,
	"outcome" text NOT NULL,
	"payload" jsonb NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payments" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"purpose" text NOT NULL,
	"method" text NOT NULL,
	"provider" text NOT NULL,
	"provider_ref" text,
	"redirect_url" text,
	"amount_micros" bigint NOT NULL,
	"fee_percent" numeric(7, 4) NOT NULL,
	"fee_micros" bigint NOT NULL,
	"vat_percent" numeric(7, 4) NOT NULL,
	"vat_micros" bigint NOT NULL,
	"total_micros" bigint NOT NULL,
	"status" text DEFAULT 'created' NOT NULL,
	"provider_status" text,
	"paid_micros" bigint,
	"credited_micros" bigint,
	"needs_review" boolean DEFAULT false NOT NULL,
	"bank_reference" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"paid_at" timestamp with time zone,
	"notified_at" timestamp with time zone,
	CONSTRAINT "payments_status_valid" CHECK ("payments"."status" in ('created', 'pending', 'paid', 'failed', 'expired', 'canceled')),
	CONSTRAINT "payments_method_valid" CHECK ("payments"."method" in ('card', 'crypto', 'bank_transfer')),
	CONSTRAINT "payments_amounts_valid" CHECK ("payments"."amount_micros" > 0 and "payments"."fee_micros" >= 0 and "payments"."vat_micros" >= 0 and "payments"."total_micros" = "payments"."amount_micros" + "payments"."fee_micros" + "payments"."vat_micros")
);
--> statement-breakpoint
ALTER TABLE "bank_transfer_references" ADD CONSTRAINT "bank_transfer_references_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_transfer_references" ADD CONSTRAINT "bank_transfer_references_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_events" ADD CONSTRAINT "payment_events_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "bank_transfer_references_open_uq" ON "bank_transfer_references" USING btree ("user_id") WHERE "bank_transfer_references"."confirmed_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "payment_events_provider_event_uq" ON "payment_events" USING btree ("provider","provider_event_id");--> statement-breakpoint
CREATE INDEX "payment_events_payment_idx" ON "payment_events" USING btree ("payment_id");--> statement-breakpoint
CREATE INDEX "payments_user_idx" ON "payments" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "payments_provider_ref_uq" ON "payments" USING btree ("provider","provider_ref");--> statement-breakpoint
CREATE UNIQUE INDEX "payments_bank_reference_uq" ON "payments" USING btree ("bank_reference");--> statement-breakpoint
CREATE INDEX "payments_review_idx" ON "payments" USING btree ("needs_review") WHERE "payments"."needs_review";