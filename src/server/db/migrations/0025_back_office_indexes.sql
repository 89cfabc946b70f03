ALTER TABLE "stock_movements" DROP CONSTRAINT "stock_movements_kind_check";--> statement-breakpoint
CREATE INDEX "orders_status_created_idx" ON "orders" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "refunds_order_idx" ON "refunds" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "stock_movements_checkout_idx" ON "stock_movements" USING btree ("checkout_id") WHERE "stock_movements"."checkout_id" is not null;--> statement-breakpoint
CREATE INDEX "stock_movements_order_idx" ON "stock_movements" USING btree ("order_id") WHERE "stock_movements"."order_id" is not null;--> statement-breakpoint
ALTER TABLE "stock_movements" ADD CONSTRAINT "stock_movements_kind_check" CHECK ("stock_movements"."kind" in ('received', 'damaged', 'counted', 'other', 'held', 'released', 'restocked', 'returned', 'exchange', 'product_edit', 'upload', 'opening'));--> statement-breakpoint
-- Stock kept before its history existed: each size's history starts with the count it had.
INSERT INTO "stock_movements" ("product_id", "size", "kind", "change", "quantity_after")
SELECT "product_id", "size", 'opening', "quantity", "quantity" FROM "product_stock" AS "stock"
WHERE NOT EXISTS (
  SELECT 1 FROM "stock_movements" AS "earlier"
  WHERE "earlier"."product_id" = "stock"."product_id" AND "earlier"."size" = "stock"."size"
);
