ALTER TABLE "filtered_hourly" ADD COLUMN "device" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "stats_hourly" ADD COLUMN "device" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "filtered_hourly" DROP CONSTRAINT "filtered_hourly_pk";
--> statement-breakpoint
ALTER TABLE "filtered_hourly" ADD CONSTRAINT "filtered_hourly_pk" PRIMARY KEY("hour","campaign_id","creative_id","zone_id","country","os","browser","device","reason");--> statement-breakpoint
ALTER TABLE "stats_hourly" DROP CONSTRAINT "stats_hourly_pk";
--> statement-breakpoint
ALTER TABLE "stats_hourly" ADD CONSTRAINT "stats_hourly_pk" PRIMARY KEY("hour","campaign_id","creative_id","zone_id","country","os","browser","device");