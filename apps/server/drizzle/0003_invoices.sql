CREATE TABLE "invoice_counters" (
	"series" text PRIMARY KEY NOT NULL,
	"last_number" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "invoices" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"kind" text NOT NULL,
	"source_type" text NOT NULL,
	"source_id" text NOT NULL,
	"corrects_id" integer,
	"series" text,
	"seq" integer,
	"number" text,
	"issued_at" timestamp with time zone,
	"net_micros" bigint NOT NULL,
	"vat_micros" bigint NOT NULL,
	"total_micros" bigint NOT NULL,
	"vat_treatment" text NOT NULL,
	"document" jsonb NOT NULL,
	"pdf" "bytea",
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "invoices_kind_valid" CHECK ("invoices"."kind" in ('invoice', 'credit_note', 'self_billing')),
	CONSTRAINT "invoices_final_has_number" CHECK (("invoices"."number" is null) = ("invoices"."seq" is null) and ("invoices"."number" is null) = ("invoices"."issued_at" is null))
);
--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_source_uq" ON "invoices" USING btree ("kind","source_type","source_id");--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_number_uq" ON "invoices" USING btree ("number");--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_series_seq_uq" ON "invoices" USING btree ("series","seq");--> statement-breakpoint
CREATE INDEX "invoices_user_idx" ON "invoices" USING btree ("user_id","created_at");