ALTER TABLE "checkouts" ADD COLUMN "next_check_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "checkouts" ADD COLUMN "check_attempts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "refunds" ADD COLUMN "attempts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "refunds" ADD COLUMN "last_error" text;--> statement-breakpoint
ALTER TABLE "refunds" ADD COLUMN "next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "refunds" ADD COLUMN "needs_attention" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- One open checkout per shopper: older open ones of a shopper with several are released first,
-- their units going back to the stock (what checkout/workflow.ts releaseCheckout does).
WITH "superseded" AS (
	UPDATE "checkouts" AS c SET "status" = 'released', "updated_at" = now()
	WHERE c."status" = 'open' AND EXISTS (
		SELECT 1 FROM "checkouts" AS n
		WHERE n."user_id" = c."user_id" AND n."status" = 'open' AND (n."created_at", n."id") > (c."created_at", c."id")
	)
	RETURNING c."items_json"
), "units" AS (
	SELECT (item->>'productId')::int AS "product_id", item->>'size' AS "size", sum((item->>'quantity')::int) AS "quantity"
	FROM "superseded", jsonb_array_elements("superseded"."items_json") AS item
	GROUP BY 1, 2
)
UPDATE "product_stock" AS s SET "quantity" = s."quantity" + "units"."quantity"
FROM "units" WHERE s."product_id" = "units"."product_id" AND s."size" = "units"."size";--> statement-breakpoint
CREATE UNIQUE INDEX "checkouts_one_open_per_user" ON "checkouts" USING btree ("user_id") WHERE "checkouts"."status" = 'open';--> statement-breakpoint
CREATE INDEX "checkouts_check_idx" ON "checkouts" USING btree ("next_check_at");--> statement-breakpoint
CREATE INDEX "refunds_due_idx" ON "refunds" USING btree ("next_attempt_at") WHERE "refunds"."razorpay_refund_id" is null;