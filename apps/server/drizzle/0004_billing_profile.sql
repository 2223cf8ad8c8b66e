CREATE TABLE "billing_documents" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"name" text NOT NULL,
	"mime" text NOT NULL,
	"bytes" integer NOT NULL,
	"sha256" text NOT NULL,
	"storage_key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "billing_profiles" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"is_company" boolean NOT NULL,
	"company_name" text DEFAULT '' NOT NULL,
	"first_name" text DEFAULT '' NOT NULL,
	"last_name" text DEFAULT '' NOT NULL,
	"address" text NOT NULL,
	"country" text NOT NULL,
	"registration_number" text DEFAULT '' NOT NULL,
	"vat_code" text DEFAULT '' NOT NULL,
	"vat_valid" boolean DEFAULT false NOT NULL,
	"vat_check_id" integer,
	"doc_verification" smallint DEFAULT 0 NOT NULL,
	"doc_reason" text,
	"blocked_deposit" boolean DEFAULT false NOT NULL,
	"blocked_deposit_crypto" boolean DEFAULT false NOT NULL,
	"blocked_deposit_card" boolean DEFAULT false NOT NULL,
	"payout_method" text,
	"payout_frequency" smallint,
	"auto_invoicing" boolean DEFAULT false NOT NULL,
	"self_billing_agreed_at" timestamp with time zone,
	"payout_iban" text,
	"payout_bic" text,
	"payout_bank_name" text,
	"payout_bank_address" text,
	"payout_crypto_type" text,
	"payout_crypto_address" text,
	"payout_updated_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "billing_profiles_doc_verification_valid" CHECK ("billing_profiles"."doc_verification" between 0 and 5),
	CONSTRAINT "billing_profiles_payout_method_valid" CHECK ("billing_profiles"."payout_method" is null or "billing_profiles"."payout_method" in ('sepa', 'swift', 'cryptocurrency')),
	CONSTRAINT "billing_profiles_payout_frequency_valid" CHECK ("billing_profiles"."payout_frequency" is null or "billing_profiles"."payout_frequency" in (0, 1))
);
--> statement-breakpoint
CREATE TABLE "kyc_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"provider" text NOT NULL,
	"provider_event_id" text NOT NULL,
	"session_id" text,
	"outcome" text NOT NULL,
	"payload" jsonb NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "kyc_sessions" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"provider" text NOT NULL,
	"provider_ref" text NOT NULL,
	"status" text DEFAULT 'started' NOT NULL,
	"reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "vat_checks" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"country" text NOT NULL,
	"country_code" text NOT NULL,
	"vat_number" text NOT NULL,
	"status" text NOT NULL,
	"checked_by" text NOT NULL,
	"consultation_number" text,
	"trader_name" text,
	"trader_address" text,
	"reason" text,
	"checked_at" timestamp with time zone NOT NULL,
	"attempts" integer DEFAULT 1 NOT NULL,
	"next_check_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "vat_checks_status_valid" CHECK ("vat_checks"."status" in ('valid', 'invalid', 'not_checked'))
);
--> statement-breakpoint
ALTER TABLE "billing_documents" ADD CONSTRAINT "billing_documents_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "billing_profiles" ADD CONSTRAINT "billing_profiles_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kyc_sessions" ADD CONSTRAINT "kyc_sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vat_checks" ADD CONSTRAINT "vat_checks_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "billing_documents_user_idx" ON "billing_documents" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "billing_documents_storage_key_uq" ON "billing_documents" USING btree ("storage_key");--> statement-breakpoint
CREATE UNIQUE INDEX "kyc_events_provider_event_uq" ON "kyc_events" USING btree ("provider","provider_event_id");--> statement-breakpoint
CREATE INDEX "kyc_sessions_user_idx" ON "kyc_sessions" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "kyc_sessions_provider_ref_uq" ON "kyc_sessions" USING btree ("provider","provider_ref");--> statement-breakpoint
CREATE INDEX "vat_checks_user_idx" ON "vat_checks" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "vat_checks_due_idx" ON "vat_checks" USING btree ("next_check_at") WHERE "vat_checks"."status" = 'not_checked';