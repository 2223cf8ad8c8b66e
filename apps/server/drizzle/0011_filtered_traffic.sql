CREATE TABLE "filtered_hourly" (
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
	"reason" text NOT NULL,
	"impressions" bigint DEFAULT 0 NOT NULL,
	"clicks" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "filtered_hourly_pk" PRIMARY KEY("hour","campaign_id","creative_id","zone_id","country","os","browser","reason")
);
--> statement-breakpoint
CREATE INDEX "filtered_hourly_advertiser_hour_idx" ON "filtered_hourly" USING btree ("advertiser_id","hour");--> statement-breakpoint
CREATE INDEX "filtered_hourly_publisher_hour_idx" ON "filtered_hourly" USING btree ("publisher_id","hour");--> statement-breakpoint
CREATE INDEX "filtered_hourly_zone_hour_idx" ON "filtered_hourly" USING btree ("zone_id","hour");