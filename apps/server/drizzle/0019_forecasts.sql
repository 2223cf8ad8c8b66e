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
ALTER TABLE "balance_runout_alerts" ADD CONSTRAINT "balance_runout_alerts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;