CREATE TABLE "bank_statement_lines" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"bank_entry_id" text NOT NULL,
	"booked_on" text NOT NULL,
	"amount_micros" bigint NOT NULL,
	"currency" text NOT NULL,
	"remittance" text,
	"reference" text,
	"status" text NOT NULL,
	"reason" text,
	"payment_id" text,
	"note" text,
	"file_name" text NOT NULL,
	"imported_at" timestamp with time zone DEFAULT now() NOT NULL,
	"imported_by" integer,
	"resolved_at" timestamp with time zone,
	"resolved_by" integer,
	CONSTRAINT "bank_statement_lines_status_valid" CHECK ("bank_statement_lines"."status" in ('credited', 'open', 'matched', 'handled'))
);
--> statement-breakpoint
ALTER TABLE "bank_statement_lines" ADD CONSTRAINT "bank_statement_lines_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_statement_lines" ADD CONSTRAINT "bank_statement_lines_imported_by_users_id_fk" FOREIGN KEY ("imported_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_statement_lines" ADD CONSTRAINT "bank_statement_lines_resolved_by_users_id_fk" FOREIGN KEY ("resolved_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "bank_statement_lines_entry_uq" ON "bank_statement_lines" USING btree ("bank_entry_id");--> statement-breakpoint
CREATE INDEX "bank_statement_lines_open_idx" ON "bank_statement_lines" USING btree ("imported_at") WHERE "bank_statement_lines"."status" = 'open';