CREATE TABLE "bid_notices" (
	"impression_id" text PRIMARY KEY NOT NULL,
	"recorded_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "bid_notices_recorded_at_idx" ON "bid_notices" USING btree ("recorded_at");