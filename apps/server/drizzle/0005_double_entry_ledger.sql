CREATE TABLE "ledger_accounts" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"user_id" integer,
	"kind" text NOT NULL,
	"balance_micros" bigint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ledger_accounts_user_nonnegative" CHECK ("ledger_accounts"."user_id" is null or "ledger_accounts"."balance_micros" >= 0),
	CONSTRAINT "ledger_accounts_owner_valid" CHECK (("ledger_accounts"."user_id" is not null and "ledger_accounts"."kind" in ('available', 'held')) or ("ledger_accounts"."user_id" is null and "ledger_accounts"."kind" not in ('available', 'held')))
);
--> statement-breakpoint
CREATE TABLE "ledger_holds" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"destination_account_id" integer NOT NULL,
	"amount_micros" bigint NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"kind" text NOT NULL,
	"description" text NOT NULL,
	"reference" text,
	"idempotency_key" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"resolved_at" timestamp with time zone,
	CONSTRAINT "ledger_holds_amount_positive" CHECK ("ledger_holds"."amount_micros" > 0),
	CONSTRAINT "ledger_holds_status_valid" CHECK ("ledger_holds"."status" in ('pending', 'posted', 'voided')),
	CONSTRAINT "ledger_holds_resolved" CHECK (("ledger_holds"."status" = 'pending') = ("ledger_holds"."resolved_at" is null))
);
--> statement-breakpoint
CREATE TABLE "ledger_transfers" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"debit_account_id" integer NOT NULL,
	"credit_account_id" integer NOT NULL,
	"amount_micros" bigint NOT NULL,
	"kind" text NOT NULL,
	"description" text NOT NULL,
	"reference" text,
	"idempotency_key" text,
	"hold_id" bigint,
	"hold_phase" text,
	"reversal_of" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ledger_transfers_amount_positive" CHECK ("ledger_transfers"."amount_micros" > 0),
	CONSTRAINT "ledger_transfers_two_accounts" CHECK ("ledger_transfers"."debit_account_id" <> "ledger_transfers"."credit_account_id"),
	CONSTRAINT "ledger_transfers_hold_phase_valid" CHECK (("ledger_transfers"."hold_id" is null and "ledger_transfers"."hold_phase" is null) or ("ledger_transfers"."hold_id" is not null and "ledger_transfers"."hold_phase" in ('reserve', 'post', 'void')))
);
--> statement-breakpoint
CREATE TABLE "payouts" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"amount_micros" bigint NOT NULL,
	"status" text DEFAULT 'requested' NOT NULL,
	"period" text NOT NULL,
	"frequency" smallint NOT NULL,
	"method" text NOT NULL,
	"destination" jsonb NOT NULL,
	"auto_invoicing" boolean NOT NULL,
	"hold_id" bigint NOT NULL,
	"reference" text,
	"failure_reason" text,
	"requested_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	"completed_at" timestamp with time zone,
	"failed_at" timestamp with time zone,
	CONSTRAINT "payouts_amount_positive" CHECK ("payouts"."amount_micros" > 0),
	CONSTRAINT "payouts_status_valid" CHECK ("payouts"."status" in ('requested', 'sent', 'completed', 'failed')),
	CONSTRAINT "payouts_method_valid" CHECK ("payouts"."method" in ('sepa', 'swift', 'cryptocurrency')),
	CONSTRAINT "payouts_frequency_valid" CHECK ("payouts"."frequency" in (0, 1))
);
--> statement-breakpoint
ALTER TABLE "ledger_accounts" ADD CONSTRAINT "ledger_accounts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_holds" ADD CONSTRAINT "ledger_holds_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_holds" ADD CONSTRAINT "ledger_holds_destination_account_id_ledger_accounts_id_fk" FOREIGN KEY ("destination_account_id") REFERENCES "public"."ledger_accounts"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_transfers" ADD CONSTRAINT "ledger_transfers_debit_account_id_ledger_accounts_id_fk" FOREIGN KEY ("debit_account_id") REFERENCES "public"."ledger_accounts"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_transfers" ADD CONSTRAINT "ledger_transfers_credit_account_id_ledger_accounts_id_fk" FOREIGN KEY ("credit_account_id") REFERENCES "public"."ledger_accounts"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_transfers" ADD CONSTRAINT "ledger_transfers_hold_id_ledger_holds_id_fk" FOREIGN KEY ("hold_id") REFERENCES "public"."ledger_holds"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_transfers" ADD CONSTRAINT "ledger_transfers_reversal_of_ledger_transfers_id_fk" FOREIGN KEY ("reversal_of") REFERENCES "public"."ledger_transfers"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payouts" ADD CONSTRAINT "payouts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payouts" ADD CONSTRAINT "payouts_hold_id_ledger_holds_id_fk" FOREIGN KEY ("hold_id") REFERENCES "public"."ledger_holds"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_accounts_code_uq" ON "ledger_accounts" USING btree ("code");--> statement-breakpoint
CREATE INDEX "ledger_accounts_user_idx" ON "ledger_accounts" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "ledger_holds_user_idx" ON "ledger_holds" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_holds_idempotency_uq" ON "ledger_holds" USING btree ("idempotency_key");--> statement-breakpoint
CREATE INDEX "ledger_transfers_debit_idx" ON "ledger_transfers" USING btree ("debit_account_id","created_at");--> statement-breakpoint
CREATE INDEX "ledger_transfers_credit_idx" ON "ledger_transfers" USING btree ("credit_account_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_transfers_idempotency_uq" ON "ledger_transfers" USING btree ("idempotency_key");--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_transfers_reversal_uq" ON "ledger_transfers" USING btree ("reversal_of");--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_transfers_hold_reserve_uq" ON "ledger_transfers" USING btree ("hold_id") WHERE "ledger_transfers"."hold_phase" = 'reserve';--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_transfers_hold_resolve_uq" ON "ledger_transfers" USING btree ("hold_id") WHERE "ledger_transfers"."hold_phase" in ('post', 'void');--> statement-breakpoint
CREATE UNIQUE INDEX "payouts_user_period_uq" ON "payouts" USING btree ("user_id","period");--> statement-breakpoint
CREATE UNIQUE INDEX "payouts_hold_uq" ON "payouts" USING btree ("hold_id");--> statement-breakpoint
CREATE INDEX "payouts_user_idx" ON "payouts" USING btree ("user_id","requested_at");--> statement-breakpoint
CREATE INDEX "payouts_open_idx" ON "payouts" USING btree ("status") WHERE "payouts"."status" in ('requested', 'sent');--> statement-breakpoint
-- Data (docs/decisions/013-double-entry-ledger.md): every single-entry row becomes a transfer
-- between the user's available account and a platform account, so each user keeps the balance
-- they had. The platform accounts exist from here on.
INSERT INTO "ledger_accounts" ("code", "kind") VALUES
	('platform:revenue', 'revenue'),
	('platform:vat_payable', 'vat_payable'),
	('platform:processing_fees', 'processing_fees'),
	('platform:clearing_sandbox', 'clearing_sandbox'),
	('platform:clearing_stripe', 'clearing_stripe'),
	('platform:clearing_coingate', 'clearing_coingate'),
	('platform:clearing_bank', 'clearing_bank'),
	('platform:payouts_in_transit', 'payouts_in_transit'),
	('platform:marketplace_escrow', 'marketplace_escrow'),
	('platform:referral_rewards', 'referral_rewards'),
	('platform:operator_credits', 'operator_credits');--> statement-breakpoint
INSERT INTO "ledger_accounts" ("code", "user_id", "kind")
SELECT 'user:' || u."id" || ':available', u."id", 'available'
FROM "users" u
WHERE u."balance_micros" <> 0 OR EXISTS (SELECT 1 FROM "ledger_entries" e WHERE e."user_id" = u."id");--> statement-breakpoint
-- A credit comes from the platform account of its kind, a debit goes to it: spend and
-- earnings meet in network revenue (what is left there is the network's share), referral
-- rewards come from their account, withdrawals go to payouts in transit, deposits, refunds
-- and adjustments (operator credits until now) from operator credits.
INSERT INTO "ledger_transfers" ("debit_account_id", "credit_account_id", "amount_micros", "kind", "description", "reference", "idempotency_key", "created_at")
SELECT
	CASE WHEN e."amount_micros" > 0 THEN p."id" ELSE a."id" END,
	CASE WHEN e."amount_micros" > 0 THEN a."id" ELSE p."id" END,
	abs(e."amount_micros"), e."kind", e."description", e."reference", e."idempotency_key", e."created_at"
FROM "ledger_entries" e
JOIN "ledger_accounts" a ON a."code" = 'user:' || e."user_id" || ':available'
JOIN "ledger_accounts" p ON p."code" = 'platform:' || CASE e."kind"
	WHEN 'spend' THEN 'revenue'
	WHEN 'earning' THEN 'revenue'
	WHEN 'referral_reward' THEN 'referral_rewards'
	WHEN 'withdrawal' THEN 'payouts_in_transit'
	ELSE 'operator_credits' END
WHERE e."amount_micros" <> 0
ORDER BY e."id";--> statement-breakpoint
-- A cached balance that disagreed with its entries stays what the user saw: one adjustment.
INSERT INTO "ledger_transfers" ("debit_account_id", "credit_account_id", "amount_micros", "kind", "description")
SELECT
	CASE WHEN d."diff" > 0 THEN p."id" ELSE d."account_id" END,
	CASE WHEN d."diff" > 0 THEN d."account_id" ELSE p."id" END,
	abs(d."diff"), 'adjustment', 'Balance carried over from the single-entry ledger'
FROM (
	SELECT a."id" AS "account_id",
		u."balance_micros" - coalesce((SELECT sum(e."amount_micros") FROM "ledger_entries" e WHERE e."user_id" = u."id"), 0) AS "diff"
	FROM "users" u JOIN "ledger_accounts" a ON a."code" = 'user:' || u."id" || ':available'
) d
JOIN "ledger_accounts" p ON p."code" = 'platform:operator_credits'
WHERE d."diff" <> 0;--> statement-breakpoint
UPDATE "ledger_accounts" a SET "balance_micros" =
	coalesce((SELECT sum(t."amount_micros") FROM "ledger_transfers" t WHERE t."credit_account_id" = a."id"), 0)
	- coalesce((SELECT sum(t."amount_micros") FROM "ledger_transfers" t WHERE t."debit_account_id" = a."id"), 0);--> statement-breakpoint
DROP TABLE "ledger_entries" CASCADE;
