ALTER TABLE "checkouts" DROP CONSTRAINT "checkouts_amounts_check";--> statement-breakpoint
ALTER TABLE "orders" DROP CONSTRAINT "orders_status_check";--> statement-breakpoint
ALTER TABLE "orders" DROP CONSTRAINT "orders_amounts_check";--> statement-breakpoint
ALTER TABLE "orders" ALTER COLUMN "payment_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "checkouts" ADD COLUMN "payment_method" text DEFAULT 'online' NOT NULL;--> statement-breakpoint
ALTER TABLE "checkouts" ADD COLUMN "prepaid_discount_paise" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "checkouts" ADD COLUMN "cod_fee_paise" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "coupons" ADD COLUMN "prepaid_only" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "prepaid_discount_paise" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "cod_fee_paise" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "payment_method" text DEFAULT 'online' NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "cod_confirm_token_hash" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "cod_confirmed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "cash_received_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "cash_reference" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "cash_remitted_on" date;--> statement-breakpoint
CREATE INDEX "orders_awaiting_confirmation_idx" ON "orders" USING btree ("created_at") WHERE "orders"."status" = 'awaiting_confirmation';--> statement-breakpoint
CREATE INDEX "orders_cash_due_idx" ON "orders" USING btree ("created_at") WHERE "orders"."payment_method" = 'cod' and "orders"."cash_received_at" is null;--> statement-breakpoint
ALTER TABLE "checkouts" ADD CONSTRAINT "checkouts_payment_method_check" CHECK ("checkouts"."payment_method" in ('online', 'cod'));--> statement-breakpoint
ALTER TABLE "checkouts" ADD CONSTRAINT "checkouts_fees_check" CHECK ("checkouts"."prepaid_discount_paise" between 0 and "checkouts"."discount_paise" and "checkouts"."cod_fee_paise" >= 0 and ("checkouts"."payment_method" = 'cod' or "checkouts"."cod_fee_paise" = 0) and ("checkouts"."payment_method" = 'online' or "checkouts"."prepaid_discount_paise" = 0));--> statement-breakpoint
ALTER TABLE "checkouts" ADD CONSTRAINT "checkouts_amounts_check" CHECK ("checkouts"."total_paise" > 0 and "checkouts"."total_paise" = "checkouts"."subtotal_paise" - "checkouts"."discount_paise" + "checkouts"."cod_fee_paise");--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_payment_method_check" CHECK ("orders"."payment_method" in ('online', 'cod'));--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_payment_check" CHECK (("orders"."payment_method" = 'cod' or ("orders"."payment_id" is not null and "orders"."cod_fee_paise" = 0 and "orders"."status" not in ('awaiting_confirmation', 'returned_to_origin'))) and ("orders"."payment_method" = 'online' or "orders"."prepaid_discount_paise" = 0) and "orders"."prepaid_discount_paise" between 0 and "orders"."discount_paise" and "orders"."cod_fee_paise" >= 0);--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_cash_check" CHECK (("orders"."cash_received_at" is null) = ("orders"."cash_reference" is null) and ("orders"."cash_received_at" is null) = ("orders"."cash_remitted_on" is null) and ("orders"."cash_received_at" is null or "orders"."payment_method" = 'cod'));--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_status_check" CHECK ("orders"."status" in ('awaiting_confirmation', 'pending', 'processing', 'shipped', 'delivered', 'completed', 'failed', 'cancelled', 'returned', 'returned_to_origin'));--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_amounts_check" CHECK ("orders"."subtotal_paise" >= 0 and "orders"."discount_paise" >= 0 and "orders"."total_paise" = "orders"."subtotal_paise" - "orders"."discount_paise" + "orders"."cod_fee_paise");