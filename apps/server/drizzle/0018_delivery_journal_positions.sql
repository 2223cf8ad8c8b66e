CREATE TABLE "delivery_journal_positions" (
	"journal" text PRIMARY KEY NOT NULL,
	"position" bigint NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
