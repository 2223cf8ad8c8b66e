-- The daily rollup (docs/decisions/052-reports-at-scale.md): stats_hourly folded into UTC days,
-- kept by the recorder in the batch transaction from now on. The reading indexes are written by
-- hand (Drizzle's schema does not model INCLUDE, so the schema and snapshots leave them out).
CREATE TABLE "stats_daily" (
	"day" date NOT NULL,
	"campaign_id" integer NOT NULL,
	"creative_id" integer DEFAULT 0 NOT NULL,
	"zone_id" integer NOT NULL,
	"website_id" integer NOT NULL,
	"advertiser_id" integer NOT NULL,
	"publisher_id" integer NOT NULL,
	"country" text NOT NULL,
	"os" text NOT NULL,
	"browser" text NOT NULL,
	"device" smallint DEFAULT 0 NOT NULL,
	"impressions" bigint DEFAULT 0 NOT NULL,
	"clicks" bigint DEFAULT 0 NOT NULL,
	"cost_micros" bigint DEFAULT 0 NOT NULL,
	"earnings_micros" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "stats_daily_pk" PRIMARY KEY("day","campaign_id","creative_id","zone_id","country","os","browser","device")
);
--> statement-breakpoint
-- Every hour recorded so far, folded. The website, advertiser and publisher follow from the zone
-- and the campaign; as in the recorder's upsert, a key keeps one of them (min here).
INSERT INTO "stats_daily" ("day", "campaign_id", "creative_id", "zone_id", "website_id", "advertiser_id",
    "publisher_id", "country", "os", "browser", "device", "impressions", "clicks", "cost_micros", "earnings_micros")
  SELECT ("hour" AT TIME ZONE 'UTC')::date, "campaign_id", "creative_id", "zone_id", min("website_id"),
    min("advertiser_id"), min("publisher_id"), "country", "os", "browser", "device", sum("impressions"),
    sum("clicks"), sum("cost_micros"), sum("earnings_micros")
  FROM "stats_hourly"
  GROUP BY 1, 2, 3, 4, 8, 9, 10, 11;
--> statement-breakpoint
-- One range per account, with every column a report reads: an index-only scan over one account's
-- contiguous entries, where a plain index fetched one heap page per row (a big publisher's 30
-- days were ~45,000 pages at 100 million hourly rows). The advertiser's filters (campaigns, a
-- zone) and the publisher's (a website, a zone) are columns of their index too.
CREATE INDEX "stats_daily_advertiser_day_idx" ON "stats_daily" USING btree ("advertiser_id","day")
  INCLUDE ("campaign_id","zone_id","country","os","browser","device","impressions","clicks","cost_micros");
--> statement-breakpoint
CREATE INDEX "stats_daily_publisher_day_idx" ON "stats_daily" USING btree ("publisher_id","day")
  INCLUDE ("website_id","zone_id","country","os","browser","device","impressions","clicks","earnings_micros");
--> statement-breakpoint
ANALYZE "stats_daily";
