-- sellers.json names a private person only when they ask for it (docs/decisions/059): the confidentiality
-- switch is null until the publisher chooses; a company is then named, a person is confidential.
ALTER TABLE "publisher_sellers" ALTER COLUMN "confidential" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "publisher_sellers" ALTER COLUMN "confidential" DROP NOT NULL;--> statement-breakpoint
-- A row the publisher never changed holds the old default, not a choice.
UPDATE "publisher_sellers" SET "confidential" = NULL WHERE "confidential" = false AND "updated_at" = "created_at";
