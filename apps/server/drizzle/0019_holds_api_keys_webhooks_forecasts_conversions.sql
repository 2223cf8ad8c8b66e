CREATE TABLE "api_keys" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"name" text NOT NULL,
	"key_hash" text NOT NULL,
	"prefix" text NOT NULL,
	"scopes" text[] NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone,
	"last_used_at" timestamp with time zone,
	"last_used_ip" text
);
--> statement-breakpoint
CREATE TABLE "idempotency_keys" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"key" text NOT NULL,
	"request_hash" text NOT NULL,
	"status" smallint,
	"response" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "webhook_attempts" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"delivery_id" integer NOT NULL,
	"endpoint_id" integer NOT NULL,
	"event_id" text NOT NULL,
	"event_type" text NOT NULL,
	"attempt" integer NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"status_code" smallint,
	"ok" boolean NOT NULL,
	"error" text,
	"duration_ms" integer NOT NULL,
	"response_body" text DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "webhook_deliveries" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"endpoint_id" integer NOT NULL,
	"event_id" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "webhook_endpoints" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"url" text NOT NULL,
	"events" text[] NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"disabled_reason" text,
	"secret_sealed" text NOT NULL,
	"previous_secret_sealed" text,
	"previous_secret_expires_at" timestamp with time zone,
	"failing_since" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "webhook_events" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"type" text NOT NULL,
	"data" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "webhook_status_seen" (
	"kind" text NOT NULL,
	"object_id" integer NOT NULL,
	"status" smallint NOT NULL,
	CONSTRAINT "webhook_status_seen_kind_object_id_pk" PRIMARY KEY("kind","object_id")
);
--> statement-breakpoint
CREATE TABLE "balance_runout_alerts" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"balance_micros" bigint DEFAULT 0 NOT NULL,
	"run_out_at" timestamp with time zone NOT NULL,
	"notified_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "traffic_hourly" (
	"hour" timestamp with time zone NOT NULL,
	"format" smallint NOT NULL,
	"country" text NOT NULL,
	"device" smallint NOT NULL,
	"os" text NOT NULL,
	"browser" text NOT NULL,
	"requests" bigint DEFAULT 0 NOT NULL,
	"clicks" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "traffic_hourly_pk" PRIMARY KEY("hour","format","country","device","os","browser")
);
--> statement-breakpoint
CREATE TABLE "ad_clicks" (
	"click_id" text PRIMARY KEY NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"campaign_id" integer NOT NULL,
	"creative_id" integer DEFAULT 0 NOT NULL,
	"zone_id" integer NOT NULL,
	"website_id" integer NOT NULL,
	"advertiser_id" integer NOT NULL,
	"publisher_id" integer NOT NULL,
	"country" text NOT NULL,
	"os" text NOT NULL,
	"browser" text NOT NULL,
	"device" smallint NOT NULL,
	"filter_reason" text,
	"test" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "campaign_tracking" (
	"campaign_id" integer PRIMARY KEY NOT NULL,
	"attribution_days" smallint DEFAULT 30 NOT NULL,
	CONSTRAINT "campaign_tracking_window" CHECK ("campaign_tracking"."attribution_days" between 1 and 90)
);
--> statement-breakpoint
CREATE TABLE "conversion_goals" (
	"id" serial PRIMARY KEY NOT NULL,
	"campaign_id" integer NOT NULL,
	"name" text NOT NULL,
	"default_value_micros" bigint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "conversion_refusals" (
	"advertiser_id" integer NOT NULL,
	"day" date NOT NULL,
	"reason" text NOT NULL,
	"count" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "conversion_refusals_advertiser_id_day_reason_pk" PRIMARY KEY("advertiser_id","day","reason")
);
--> statement-breakpoint
CREATE TABLE "conversion_tokens" (
	"advertiser_id" integer PRIMARY KEY NOT NULL,
	"token" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "conversion_tokens_token_unique" UNIQUE("token")
);
--> statement-breakpoint
CREATE TABLE "conversions" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"click_id" text NOT NULL,
	"goal_id" integer NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"hour" timestamp with time zone NOT NULL,
	"click_at" timestamp with time zone NOT NULL,
	"campaign_id" integer NOT NULL,
	"zone_id" integer NOT NULL,
	"website_id" integer NOT NULL,
	"advertiser_id" integer NOT NULL,
	"publisher_id" integer NOT NULL,
	"country" text NOT NULL,
	"os" text NOT NULL,
	"browser" text NOT NULL,
	"device" smallint NOT NULL,
	"value_micros" bigint DEFAULT 0 NOT NULL,
	"source" smallint NOT NULL,
	"test" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
ALTER TABLE "ledger_holds" ADD COLUMN "expires_at" timestamp with time zone;--> statement-breakpoint
-- Holds made before deadlines existed get the default deadline (HOLD_EXPIRY_DAYS, 30 days) from their creation.
UPDATE "ledger_holds" SET "expires_at" = "created_at" + interval '30 days' WHERE "expires_at" IS NULL;--> statement-breakpoint
ALTER TABLE "ledger_holds" ALTER COLUMN "expires_at" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "api_keys" ADD CONSTRAINT "api_keys_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "idempotency_keys" ADD CONSTRAINT "idempotency_keys_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhook_attempts" ADD CONSTRAINT "webhook_attempts_endpoint_id_webhook_endpoints_id_fk" FOREIGN KEY ("endpoint_id") REFERENCES "public"."webhook_endpoints"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhook_deliveries" ADD CONSTRAINT "webhook_deliveries_endpoint_id_webhook_endpoints_id_fk" FOREIGN KEY ("endpoint_id") REFERENCES "public"."webhook_endpoints"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhook_deliveries" ADD CONSTRAINT "webhook_deliveries_event_id_webhook_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."webhook_events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhook_endpoints" ADD CONSTRAINT "webhook_endpoints_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhook_events" ADD CONSTRAINT "webhook_events_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "balance_runout_alerts" ADD CONSTRAINT "balance_runout_alerts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_tracking" ADD CONSTRAINT "campaign_tracking_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conversion_goals" ADD CONSTRAINT "conversion_goals_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conversion_tokens" ADD CONSTRAINT "conversion_tokens_advertiser_id_users_id_fk" FOREIGN KEY ("advertiser_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "api_keys_key_hash_uq" ON "api_keys" USING btree ("key_hash");--> statement-breakpoint
CREATE INDEX "api_keys_user_idx" ON "api_keys" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "idempotency_keys_user_key_uq" ON "idempotency_keys" USING btree ("user_id","key");--> statement-breakpoint
CREATE INDEX "idempotency_keys_created_idx" ON "idempotency_keys" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "webhook_attempts_endpoint_idx" ON "webhook_attempts" USING btree ("endpoint_id","at");--> statement-breakpoint
CREATE INDEX "webhook_deliveries_due_idx" ON "webhook_deliveries" USING btree ("next_attempt_at","id") WHERE "webhook_deliveries"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "webhook_deliveries_endpoint_idx" ON "webhook_deliveries" USING btree ("endpoint_id");--> statement-breakpoint
CREATE INDEX "webhook_endpoints_user_idx" ON "webhook_endpoints" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "webhook_events_created_idx" ON "webhook_events" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "ad_clicks_at_idx" ON "ad_clicks" USING btree ("at");--> statement-breakpoint
CREATE UNIQUE INDEX "conversion_goals_campaign_name_uq" ON "conversion_goals" USING btree ("campaign_id","name");--> statement-breakpoint
CREATE UNIQUE INDEX "conversions_click_goal_uq" ON "conversions" USING btree ("click_id","goal_id");--> statement-breakpoint
CREATE INDEX "conversions_advertiser_hour_idx" ON "conversions" USING btree ("advertiser_id","hour");--> statement-breakpoint
CREATE INDEX "ledger_holds_pending_expiry_idx" ON "ledger_holds" USING btree ("expires_at") WHERE "ledger_holds"."status" = 'pending';