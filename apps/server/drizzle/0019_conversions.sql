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
ALTER TABLE "campaign_tracking" ADD CONSTRAINT "campaign_tracking_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conversion_goals" ADD CONSTRAINT "conversion_goals_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conversion_tokens" ADD CONSTRAINT "conversion_tokens_advertiser_id_users_id_fk" FOREIGN KEY ("advertiser_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ad_clicks_at_idx" ON "ad_clicks" USING btree ("at");--> statement-breakpoint
CREATE UNIQUE INDEX "conversion_goals_campaign_name_uq" ON "conversion_goals" USING btree ("campaign_id","name");--> statement-breakpoint
CREATE UNIQUE INDEX "conversions_click_goal_uq" ON "conversions" USING btree ("click_id","goal_id");--> statement-breakpoint
CREATE INDEX "conversions_advertiser_hour_idx" ON "conversions" USING btree ("advertiser_id","hour");