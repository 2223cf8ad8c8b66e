-- Viewable impressions (docs/decisions/061-viewable-impressions.md): measured and viewable counts in
-- the rollups, the campaigns' daily totals and the forecasts' traffic, and the view reports recorded.
-- Every hour recorded before has none (an impression not measured is not counted as not viewable).
CREATE TABLE "impression_views" (
	"impression_id" text NOT NULL,
	"viewable" boolean NOT NULL,
	"recorded_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "impression_views_pk" PRIMARY KEY("impression_id","viewable")
);
--> statement-breakpoint
ALTER TABLE "campaign_spend_daily" ADD COLUMN "measured_impressions" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "campaign_spend_daily" ADD COLUMN "viewable_impressions" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "stats_daily" ADD COLUMN "measured_impressions" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "stats_daily" ADD COLUMN "viewable_impressions" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "stats_hourly" ADD COLUMN "measured_impressions" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "stats_hourly" ADD COLUMN "viewable_impressions" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "traffic_hourly" ADD COLUMN "measured" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "traffic_hourly" ADD COLUMN "viewable" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "impression_views_recorded_at_idx" ON "impression_views" USING btree ("recorded_at");--> statement-breakpoint
-- The daily rollup's covering indexes (0021, written by hand) INCLUDE every column a report reads:
-- the two new figures too, or a report would fetch a heap page per row again.
DROP INDEX "stats_daily_advertiser_day_idx";--> statement-breakpoint
CREATE INDEX "stats_daily_advertiser_day_idx" ON "stats_daily" USING btree ("advertiser_id","day")
  INCLUDE ("campaign_id","zone_id","country","os","browser","device","impressions","clicks","cost_micros",
    "measured_impressions","viewable_impressions");--> statement-breakpoint
DROP INDEX "stats_daily_publisher_day_idx";--> statement-breakpoint
CREATE INDEX "stats_daily_publisher_day_idx" ON "stats_daily" USING btree ("publisher_id","day")
  INCLUDE ("website_id","zone_id","country","os","browser","device","impressions","clicks","earnings_micros",
    "measured_impressions","viewable_impressions");
