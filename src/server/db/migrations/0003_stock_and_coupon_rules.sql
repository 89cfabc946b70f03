CREATE TABLE "product_stock" (
	"product_id" integer NOT NULL,
	"size" text NOT NULL,
	"quantity" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "product_stock_pkey" PRIMARY KEY("product_id","size"),
	CONSTRAINT "product_stock_quantity_check" CHECK ("product_stock"."quantity" >= 0),
	CONSTRAINT "product_stock_size_check" CHECK ("product_stock"."size" in ('XS', 'S', 'M', 'L', 'XL', 'XXL'))
);
--> statement-breakpoint
ALTER TABLE "coupons" ADD COLUMN "kind" text DEFAULT 'flat' NOT NULL;--> statement-breakpoint
ALTER TABLE "coupons" ADD COLUMN "value" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "coupons" ADD COLUMN "min_order_paise" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "coupons" ADD COLUMN "max_discount_paise" integer;--> statement-breakpoint
ALTER TABLE "coupons" ADD COLUMN "starts_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "coupons" ADD COLUMN "ends_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "coupons" ADD COLUMN "usage_limit" integer;--> statement-breakpoint
ALTER TABLE "coupons" ADD COLUMN "per_user_limit" integer;--> statement-breakpoint
ALTER TABLE "coupons" ADD COLUMN "active" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "product_stock" ADD CONSTRAINT "product_stock_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coupons" ADD CONSTRAINT "coupons_kind_check" CHECK ("coupons"."kind" in ('percent', 'flat'));--> statement-breakpoint
ALTER TABLE "coupons" ADD CONSTRAINT "coupons_value_check" CHECK ("coupons"."value" > 0 and ("coupons"."kind" <> 'percent' or "coupons"."value" <= 100));--> statement-breakpoint
ALTER TABLE "coupons" ADD CONSTRAINT "coupons_min_order_check" CHECK ("coupons"."min_order_paise" >= 0);--> statement-breakpoint
ALTER TABLE "coupons" ADD CONSTRAINT "coupons_limits_check" CHECK (coalesce("coupons"."usage_limit", 1) >= 0 and coalesce("coupons"."per_user_limit", 1) >= 0);--> statement-breakpoint
-- A catalog seeded before stock existed starts with 25 of each offered size (new stores get the seed's own counts).
INSERT INTO "product_stock" ("product_id", "size", "quantity") SELECT "id", unnest("sizes"), 25 FROM "products" ON CONFLICT DO NOTHING;
