CREATE TABLE "ad_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"kind" smallint NOT NULL,
	"impression_id" text NOT NULL,
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
	"cost_micros" bigint DEFAULT 0 NOT NULL,
	"earnings_micros" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "ad_events_kind_valid" CHECK ("ad_events"."kind" in (1, 2))
);
--> statement-breakpoint
CREATE TABLE "campaign_spend_daily" (
	"campaign_id" integer NOT NULL,
	"day" text NOT NULL,
	"impressions" bigint DEFAULT 0 NOT NULL,
	"clicks" bigint DEFAULT 0 NOT NULL,
	"cost_micros" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "campaign_spend_daily_pk" PRIMARY KEY("campaign_id","day")
);
--> statement-breakpoint
CREATE TABLE "stats_hourly" (
	"hour" timestamp with time zone NOT NULL,
	"campaign_id" integer NOT NULL,
	"creative_id" integer DEFAULT 0 NOT NULL,
	"zone_id" integer NOT NULL,
	"website_id" integer NOT NULL,
	"advertiser_id" integer NOT NULL,
	"publisher_id" integer NOT NULL,
	"country" text NOT NULL,
	"os" text NOT NULL,
	"browser" text NOT NULL,
	"impressions" bigint DEFAULT 0 NOT NULL,
	"clicks" bigint DEFAULT 0 NOT NULL,
	"cost_micros" bigint DEFAULT 0 NOT NULL,
	"earnings_micros" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "stats_hourly_pk" PRIMARY KEY("hour","campaign_id","creative_id","zone_id","country","os","browser")
);
--> statement-breakpoint
CREATE TABLE "website_earnings_daily" (
	"website_id" integer NOT NULL,
	"day" text NOT NULL,
	"impressions" bigint DEFAULT 0 NOT NULL,
	"clicks" bigint DEFAULT 0 NOT NULL,
	"earnings_micros" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "website_earnings_daily_pk" PRIMARY KEY("website_id","day")
);
--> statement-breakpoint
CREATE INDEX "ad_events_campaign_at_idx" ON "ad_events" USING btree ("campaign_id","at");--> statement-breakpoint
CREATE INDEX "ad_events_at_idx" ON "ad_events" USING btree ("at");--> statement-breakpoint
CREATE UNIQUE INDEX "ad_events_click_once_uq" ON "ad_events" USING btree ("impression_id") WHERE "ad_events"."kind" = 2;--> statement-breakpoint
CREATE INDEX "stats_hourly_advertiser_hour_idx" ON "stats_hourly" USING btree ("advertiser_id","hour");--> statement-breakpoint
CREATE INDEX "stats_hourly_publisher_hour_idx" ON "stats_hourly" USING btree ("publisher_id","hour");--> statement-breakpoint
CREATE INDEX "stats_hourly_campaign_hour_idx" ON "stats_hourly" USING btree ("campaign_id","hour");--> statement-breakpoint
CREATE INDEX "stats_hourly_website_hour_idx" ON "stats_hourly" USING btree ("website_id","hour");