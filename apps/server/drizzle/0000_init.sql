CREATE TABLE "announcements" (
	"id" serial PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"excerpt" text NOT NULL,
	"content" text NOT NULL,
	"published_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "campaign_blacklists" (
	"owner_id" integer PRIMARY KEY NOT NULL,
	"items" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "campaign_drafts" (
	"owner_id" integer NOT NULL,
	"kind" text NOT NULL,
	"data" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "campaigns" (
	"id" serial PRIMARY KEY NOT NULL,
	"owner_id" integer NOT NULL,
	"name" text NOT NULL,
	"kind" text NOT NULL,
	"status" smallint DEFAULT 0 NOT NULL,
	"is_locked" boolean DEFAULT false NOT NULL,
	"approved_at" timestamp with time zone,
	"price_micros" bigint NOT NULL,
	"payment_mode" smallint DEFAULT 0 NOT NULL,
	"traffic_type" smallint DEFAULT 0 NOT NULL,
	"landing_url" text NOT NULL,
	"run_after_approval" boolean DEFAULT true NOT NULL,
	"daily_budget_micros" bigint NOT NULL,
	"throttle_budget" boolean DEFAULT false NOT NULL,
	"budget_flag" boolean DEFAULT false NOT NULL,
	"budget_micros" bigint,
	"capping" smallint DEFAULT 0 NOT NULL,
	"capping_time" integer DEFAULT 0 NOT NULL,
	"device" smallint DEFAULT 3 NOT NULL,
	"countries" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"category" integer NOT NULL,
	"exclude_flag" boolean DEFAULT true NOT NULL,
	"exclude_list" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"permalink" text NOT NULL,
	"sharing_enabled" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "campaigns_status_valid" CHECK ("campaigns"."status" in (0, 1, 2, 3, 4, 5, 8, 9)),
	CONSTRAINT "campaigns_kind_valid" CHECK ("campaigns"."kind" in ('display', 'native', 'application', 'popunder')),
	CONSTRAINT "campaigns_price_nonnegative" CHECK ("campaigns"."price_micros" >= 0)
);
--> statement-breakpoint
CREATE TABLE "creatives" (
	"id" serial PRIMARY KEY NOT NULL,
	"campaign_id" integer NOT NULL,
	"format" smallint NOT NULL,
	"size" text DEFAULT '' NOT NULL,
	"name" text DEFAULT '' NOT NULL,
	"upload_id" text NOT NULL,
	"thumbnail_upload_id" text,
	"title" text,
	"small_description" text,
	"long_description" text,
	"call_to_action" text,
	"destination_website" text,
	"service_name" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "uploads" (
	"id" text PRIMARY KEY NOT NULL,
	"owner_id" integer NOT NULL,
	"purpose" text NOT NULL,
	"name" text NOT NULL,
	"mime" text NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"size" text NOT NULL,
	"bytes" integer NOT NULL,
	"storage_key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ledger_entries" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"amount_micros" bigint NOT NULL,
	"balance_after_micros" bigint NOT NULL,
	"kind" text NOT NULL,
	"description" text NOT NULL,
	"reference" text,
	"idempotency_key" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "notifications" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"type" smallint NOT NULL,
	"title" text NOT NULL,
	"message" text NOT NULL,
	"link" text,
	"pinned" boolean DEFAULT false NOT NULL,
	"viewed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "referral_shares" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"share_basis_points" integer NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "account_deletion_requests" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"reason" text DEFAULT '' NOT NULL,
	"requested_at" timestamp with time zone DEFAULT now() NOT NULL,
	"termination_at" timestamp with time zone NOT NULL,
	"verified_at" timestamp with time zone,
	"cancelled_at" timestamp with time zone,
	"completed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "user_preferences" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"email_marketing" boolean NOT NULL,
	"email_notification" boolean NOT NULL,
	"email_marketing_partners" boolean NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "job_locks" (
	"name" text PRIMARY KEY NOT NULL,
	"locked_until" timestamp with time zone NOT NULL,
	"last_run_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "mail_outbox" (
	"id" serial PRIMARY KEY NOT NULL,
	"to" text NOT NULL,
	"subject" text NOT NULL,
	"text" text NOT NULL,
	"html" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	"attempts" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "platform_terms" (
	"version" integer PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"body" text NOT NULL,
	"published_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "auth_attempts" (
	"id" serial PRIMARY KEY NOT NULL,
	"key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "one_time_codes" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"purpose" text NOT NULL,
	"code_hash" text NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"remember_me" boolean DEFAULT false NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"consumed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"token_hash" text NOT NULL,
	"device_identifier" text NOT NULL,
	"scope" text DEFAULT 'full' NOT NULL,
	"remember_me" boolean DEFAULT false NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"ip" text,
	"user_agent" text,
	"device" text,
	"os" text,
	"os_version" text,
	"browser" text,
	"browser_version" text,
	"city" text,
	"region" text,
	"country" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" serial PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"password_hash" text NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"type" smallint NOT NULL,
	"com" text NOT NULL,
	"referrer_id" integer,
	"email_verified_at" timestamp with time zone,
	"disabled_at" timestamp with time zone,
	"two_factor_secret" text,
	"two_factor_pending_secret" text,
	"two_factor_last_step" bigint,
	"balance_micros" bigint DEFAULT 0 NOT NULL,
	"kyc_verified" smallint DEFAULT 0 NOT NULL,
	"current_signed_terms" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "users_balance_nonnegative" CHECK ("users"."balance_micros" >= 0),
	CONSTRAINT "users_type_valid" CHECK ("users"."type" in (0, 1, 2))
);
--> statement-breakpoint
CREATE TABLE "websites" (
	"id" serial PRIMARY KEY NOT NULL,
	"owner_id" integer NOT NULL,
	"domain" text NOT NULL,
	"url" text NOT NULL,
	"name" text NOT NULL,
	"status" smallint DEFAULT 0 NOT NULL,
	"excluded_category_ids" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"verification_token" text NOT NULL,
	"verified_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "websites_status_valid" CHECK ("websites"."status" in (0, 1, 2, 3, 4, 9))
);
--> statement-breakpoint
CREATE TABLE "zones" (
	"id" serial PRIMARY KEY NOT NULL,
	"website_id" integer NOT NULL,
	"unique" text NOT NULL,
	"alias" text NOT NULL,
	"format" smallint NOT NULL,
	"size" text,
	"status" smallint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "zones_status_valid" CHECK ("zones"."status" in (0, 1, 2, 3, 4, 5, 9))
);
--> statement-breakpoint
ALTER TABLE "campaign_blacklists" ADD CONSTRAINT "campaign_blacklists_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_drafts" ADD CONSTRAINT "campaign_drafts_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaigns" ADD CONSTRAINT "campaigns_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "creatives" ADD CONSTRAINT "creatives_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "creatives" ADD CONSTRAINT "creatives_upload_id_uploads_id_fk" FOREIGN KEY ("upload_id") REFERENCES "public"."uploads"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "creatives" ADD CONSTRAINT "creatives_thumbnail_upload_id_uploads_id_fk" FOREIGN KEY ("thumbnail_upload_id") REFERENCES "public"."uploads"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "uploads" ADD CONSTRAINT "uploads_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referral_shares" ADD CONSTRAINT "referral_shares_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "account_deletion_requests" ADD CONSTRAINT "account_deletion_requests_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_preferences" ADD CONSTRAINT "user_preferences_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "one_time_codes" ADD CONSTRAINT "one_time_codes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "websites" ADD CONSTRAINT "websites_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "zones" ADD CONSTRAINT "zones_website_id_websites_id_fk" FOREIGN KEY ("website_id") REFERENCES "public"."websites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "announcements_published_idx" ON "announcements" USING btree ("published_at");--> statement-breakpoint
CREATE UNIQUE INDEX "campaign_drafts_owner_kind_uq" ON "campaign_drafts" USING btree ("owner_id","kind");--> statement-breakpoint
CREATE INDEX "campaigns_owner_status_idx" ON "campaigns" USING btree ("owner_id","status");--> statement-breakpoint
CREATE UNIQUE INDEX "campaigns_permalink_uq" ON "campaigns" USING btree ("permalink");--> statement-breakpoint
CREATE INDEX "creatives_campaign_idx" ON "creatives" USING btree ("campaign_id");--> statement-breakpoint
CREATE INDEX "uploads_owner_idx" ON "uploads" USING btree ("owner_id");--> statement-breakpoint
CREATE UNIQUE INDEX "uploads_storage_key_uq" ON "uploads" USING btree ("storage_key");--> statement-breakpoint
CREATE INDEX "ledger_entries_user_idx" ON "ledger_entries" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_entries_idempotency_uq" ON "ledger_entries" USING btree ("idempotency_key");--> statement-breakpoint
CREATE INDEX "notifications_user_idx" ON "notifications" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "account_deletion_requests_open_uq" ON "account_deletion_requests" USING btree ("user_id") WHERE "account_deletion_requests"."cancelled_at" is null and "account_deletion_requests"."completed_at" is null;--> statement-breakpoint
CREATE INDEX "account_deletion_requests_due_idx" ON "account_deletion_requests" USING btree ("termination_at");--> statement-breakpoint
CREATE INDEX "auth_attempts_key_idx" ON "auth_attempts" USING btree ("key","created_at");--> statement-breakpoint
CREATE INDEX "one_time_codes_user_purpose_idx" ON "one_time_codes" USING btree ("user_id","purpose");--> statement-breakpoint
CREATE UNIQUE INDEX "one_time_codes_hash_uq" ON "one_time_codes" USING btree ("purpose","code_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "sessions_token_hash_uq" ON "sessions" USING btree ("token_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "sessions_device_identifier_uq" ON "sessions" USING btree ("device_identifier");--> statement-breakpoint
CREATE INDEX "sessions_user_idx" ON "sessions" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_uq" ON "users" USING btree ("email");--> statement-breakpoint
CREATE UNIQUE INDEX "users_com_uq" ON "users" USING btree ("com");--> statement-breakpoint
CREATE UNIQUE INDEX "websites_owner_domain_uq" ON "websites" USING btree ("owner_id","domain");--> statement-breakpoint
CREATE INDEX "websites_owner_idx" ON "websites" USING btree ("owner_id","status","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "zones_unique_uq" ON "zones" USING btree ("unique");--> statement-breakpoint
CREATE INDEX "zones_website_idx" ON "zones" USING btree ("website_id");