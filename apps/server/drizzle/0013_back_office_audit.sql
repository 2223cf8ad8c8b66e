CREATE TABLE "audit_entries" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"actor_id" integer,
	"actor_email" text,
	"session_id" integer,
	"via" text NOT NULL,
	"action" text NOT NULL,
	"object_type" text NOT NULL,
	"object_id" text NOT NULL,
	"changes" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"approval_id" integer,
	CONSTRAINT "audit_entries_via_valid" CHECK ("audit_entries"."via" in ('screen', 'command line'))
);
--> statement-breakpoint
CREATE TABLE "operator_approvals" (
	"id" serial PRIMARY KEY NOT NULL,
	"domain" text NOT NULL,
	"action" text NOT NULL,
	"args" jsonb NOT NULL,
	"amount_micros" bigint NOT NULL,
	"requested_by" integer,
	"requested_by_email" text,
	"requested_via" text NOT NULL,
	"requested_at" timestamp with time zone DEFAULT now() NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"decided_by" integer,
	"decided_by_email" text,
	"decided_at" timestamp with time zone,
	"output" text,
	"reason" text,
	CONSTRAINT "operator_approvals_status_valid" CHECK ("operator_approvals"."status" in ('pending', 'approved', 'rejected'))
);
--> statement-breakpoint
CREATE INDEX "audit_entries_at_idx" ON "audit_entries" USING btree ("at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "audit_entries_object_idx" ON "audit_entries" USING btree ("object_type","object_id");--> statement-breakpoint
CREATE INDEX "audit_entries_actor_idx" ON "audit_entries" USING btree ("actor_id","at");--> statement-breakpoint
CREATE INDEX "operator_approvals_status_idx" ON "operator_approvals" USING btree ("status","requested_at");