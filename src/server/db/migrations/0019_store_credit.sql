CREATE TABLE "store_credit_balances" (
	"user_id" text PRIMARY KEY NOT NULL,
	"balance_paise" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "store_credit_balances_balance_check" CHECK ("store_credit_balances"."balance_paise" >= 0)
);
--> statement-breakpoint
CREATE TABLE "store_credit_entries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"amount_paise" integer NOT NULL,
	"kind" text NOT NULL,
	"reason" text NOT NULL,
	"order_id" uuid,
	"return_request_id" uuid,
	"checkout_id" uuid,
	"created_by" text,
	"expires_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "store_credit_entries_kind_check" CHECK ("store_credit_entries"."kind" in ('refund', 'refund_bonus', 'spend_returned', 'staff_grant', 'spent', 'staff_revoke', 'expired')),
	CONSTRAINT "store_credit_entries_amount_check" CHECK ("store_credit_entries"."amount_paise" <> 0 and ("store_credit_entries"."kind" in ('refund', 'refund_bonus', 'spend_returned', 'staff_grant')) = ("store_credit_entries"."amount_paise" > 0)),
	CONSTRAINT "store_credit_entries_reason_check" CHECK (char_length("store_credit_entries"."reason") between 1 and 200),
	CONSTRAINT "store_credit_entries_expiry_check" CHECK ("store_credit_entries"."expires_at" is null or "store_credit_entries"."amount_paise" > 0)
);
--> statement-breakpoint
CREATE TABLE "store_credit_reminders" (
	"entry_id" uuid PRIMARY KEY NOT NULL,
	"amount_paise" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "store_credit_reminders_amount_check" CHECK ("store_credit_reminders"."amount_paise" > 0)
);
--> statement-breakpoint
ALTER TABLE "store_credit_balances" ADD CONSTRAINT "store_credit_balances_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_credit_entries" ADD CONSTRAINT "store_credit_entries_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_credit_entries" ADD CONSTRAINT "store_credit_entries_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_credit_entries" ADD CONSTRAINT "store_credit_entries_return_request_id_return_requests_id_fk" FOREIGN KEY ("return_request_id") REFERENCES "public"."return_requests"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_credit_entries" ADD CONSTRAINT "store_credit_entries_checkout_id_checkouts_id_fk" FOREIGN KEY ("checkout_id") REFERENCES "public"."checkouts"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_credit_entries" ADD CONSTRAINT "store_credit_entries_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_credit_reminders" ADD CONSTRAINT "store_credit_reminders_entry_id_store_credit_entries_id_fk" FOREIGN KEY ("entry_id") REFERENCES "public"."store_credit_entries"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "store_credit_entries_user_created_idx" ON "store_credit_entries" USING btree ("user_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "store_credit_entries_expiring_idx" ON "store_credit_entries" USING btree ("expires_at") WHERE "store_credit_entries"."expires_at" is not null;--> statement-breakpoint
-- The balance is the sum of the ledger, kept by the database itself (ADR 0048): each entry is added
-- to its shopper's balance row in the statement that inserts it. The row's check (never below zero)
-- then refuses an entry that would overdraw, and the insert fails with it, whichever code path (or
-- psql) wrote it. Two debits at once queue on the balance row; the second sees the first's result.
-- The row is made at zero first and then updated, rather than in one INSERT … ON CONFLICT DO UPDATE:
-- PostgreSQL checks the row an INSERT proposes before it looks for a conflict, so a debit's
-- negative amount would be refused even when the balance covers it.
CREATE FUNCTION "store_credit_apply_entry"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "store_credit_balances" ("user_id", "balance_paise") VALUES (NEW."user_id", 0)
    ON CONFLICT ("user_id") DO NOTHING;
  UPDATE "store_credit_balances"
    SET "balance_paise" = "balance_paise" + NEW."amount_paise", "updated_at" = now()
    WHERE "user_id" = NEW."user_id";
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "store_credit_entries_apply" AFTER INSERT ON "store_credit_entries"
  FOR EACH ROW EXECUTE FUNCTION "store_credit_apply_entry"();
--> statement-breakpoint
-- The ledger is append-only: a mistake is put right by a new entry, never by changing an old one.
CREATE FUNCTION "store_credit_refuse_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION '% is append-only: % refused', TG_TABLE_NAME, TG_OP
    USING ERRCODE = 'restrict_violation';
END
$$;
--> statement-breakpoint
CREATE TRIGGER "store_credit_entries_append_only" BEFORE UPDATE OR DELETE ON "store_credit_entries"
  FOR EACH ROW EXECUTE FUNCTION "store_credit_refuse_change"();
--> statement-breakpoint
CREATE TRIGGER "store_credit_entries_no_truncate" BEFORE TRUNCATE ON "store_credit_entries"
  FOR EACH STATEMENT EXECUTE FUNCTION "store_credit_refuse_change"();
--> statement-breakpoint
-- A balance row is written only by the trigger above (a nested trigger, depth 2): a direct write
-- would make the balance something other than the sum of the ledger.
CREATE FUNCTION "store_credit_balance_written_by_ledger"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF pg_trigger_depth() < 2 THEN
    RAISE EXCEPTION 'store_credit_balances is kept by store_credit_entries: % refused', TG_OP
      USING ERRCODE = 'restrict_violation';
  END IF;
  IF TG_OP = 'DELETE' THEN
    RETURN OLD;
  END IF;
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "store_credit_balances_kept_by_ledger" BEFORE INSERT OR UPDATE OR DELETE ON "store_credit_balances"
  FOR EACH ROW EXECUTE FUNCTION "store_credit_balance_written_by_ledger"();
--> statement-breakpoint
CREATE TRIGGER "store_credit_balances_no_truncate" BEFORE TRUNCATE ON "store_credit_balances"
  FOR EACH STATEMENT EXECUTE FUNCTION "store_credit_refuse_change"();
