DROP INDEX "refunds_due_idx";--> statement-breakpoint
ALTER TABLE "refunds" ALTER COLUMN "payment_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "refunds" ADD COLUMN "destination" text DEFAULT 'original' NOT NULL;--> statement-breakpoint
ALTER TABLE "refunds" ADD COLUMN "payout_reference" text;--> statement-breakpoint
ALTER TABLE "refunds" ADD COLUMN "paid_out_on" date;--> statement-breakpoint
ALTER TABLE "return_requests" ADD COLUMN "refund_destination" text;--> statement-breakpoint
ALTER TABLE "return_requests" ADD COLUMN "credit_bonus_percent" integer;--> statement-breakpoint
ALTER TABLE "return_requests" ADD COLUMN "payout_upi_id" text;--> statement-breakpoint
ALTER TABLE "return_requests" ADD COLUMN "payout_account_holder" text;--> statement-breakpoint
ALTER TABLE "return_requests" ADD COLUMN "payout_account_number" text;--> statement-breakpoint
ALTER TABLE "return_requests" ADD COLUMN "payout_ifsc" text;--> statement-breakpoint
-- A return asked for before a shopper could choose went to the original payment when the order was
-- paid online; one of an order paid in cash (never refunded before: it had no payment) goes to store
-- credit, with no bonus, the one destination that needs nothing more from the shopper.
UPDATE "return_requests" SET
  "refund_destination" = CASE WHEN "orders"."payment_id" IS NOT NULL THEN 'original' ELSE 'store_credit' END,
  "credit_bonus_percent" = CASE WHEN "orders"."payment_id" IS NOT NULL THEN NULL ELSE 0 END
FROM "orders"
WHERE "orders"."id" = "return_requests"."order_id" AND "return_requests"."kind" = 'return';--> statement-breakpoint
ALTER TABLE "return_requests" ADD CONSTRAINT "return_requests_id_destination_key" UNIQUE("id","refund_destination");--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_return_destination_fk" FOREIGN KEY ("return_request_id","destination") REFERENCES "public"."return_requests"("id","refund_destination") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "refunds_whole_order_key" ON "refunds" USING btree ("order_id") WHERE "refunds"."return_request_id" is null;--> statement-breakpoint
CREATE INDEX "refunds_due_idx" ON "refunds" USING btree ("next_attempt_at") WHERE "refunds"."razorpay_refund_id" is null and "refunds"."destination" = 'original';--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_destination_check" CHECK ("refunds"."destination" in ('original', 'store_credit', 'payout'));--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_payment_check" CHECK (("refunds"."destination" = 'original') = ("refunds"."payment_id" is not null));--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_razorpay_check" CHECK ("refunds"."razorpay_refund_id" is null or "refunds"."destination" = 'original');--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_payout_check" CHECK (("refunds"."destination" <> 'payout' or "refunds"."return_request_id" is not null) and ("refunds"."payout_reference" is null) = ("refunds"."paid_out_on" is null) and ("refunds"."payout_reference" is null or ("refunds"."destination" = 'payout' and char_length("refunds"."payout_reference") between 1 and 100)));--> statement-breakpoint
ALTER TABLE "return_requests" ADD CONSTRAINT "return_requests_refund_destination_check" CHECK (("return_requests"."kind" = 'return') = ("return_requests"."refund_destination" is not null) and ("return_requests"."refund_destination" is null or "return_requests"."refund_destination" in ('original', 'store_credit', 'payout')));--> statement-breakpoint
ALTER TABLE "return_requests" ADD CONSTRAINT "return_requests_credit_bonus_check" CHECK (("return_requests"."refund_destination" is not distinct from 'store_credit') = ("return_requests"."credit_bonus_percent" is not null) and ("return_requests"."credit_bonus_percent" is null or "return_requests"."credit_bonus_percent" between 0 and 100));--> statement-breakpoint
ALTER TABLE "return_requests" ADD CONSTRAINT "return_requests_payout_check" CHECK (case when "return_requests"."refund_destination" is not distinct from 'payout' then ("return_requests"."payout_upi_id" is not null and "return_requests"."payout_account_holder" is null and "return_requests"."payout_account_number" is null and "return_requests"."payout_ifsc" is null) or ("return_requests"."payout_upi_id" is null and "return_requests"."payout_account_holder" is not null and "return_requests"."payout_account_number" is not null and "return_requests"."payout_account_number" ~ '^[0-9]{9,18}$' and "return_requests"."payout_ifsc" is not null and "return_requests"."payout_ifsc" ~ '^[A-Z]{4}0[A-Z0-9]{6}$') else "return_requests"."payout_upi_id" is null and "return_requests"."payout_account_holder" is null and "return_requests"."payout_account_number" is null and "return_requests"."payout_ifsc" is null end);
