CREATE TABLE "enquiries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"reference" text NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"phone" text NOT NULL,
	"details" jsonb NOT NULL,
	"status" text DEFAULT 'new' NOT NULL,
	"notes" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "enquiries_reference_unique" UNIQUE("reference"),
	CONSTRAINT "enquiries_kind_check" CHECK ("enquiries"."kind" in ('contact', 'bulk')),
	CONSTRAINT "enquiries_status_check" CHECK ("enquiries"."status" in ('new', 'replied', 'closed'))
);
--> statement-breakpoint
CREATE TABLE "pincodes" (
	"pincode" text PRIMARY KEY NOT NULL,
	"district" text NOT NULL,
	"state" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "reviews" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"product_id" integer NOT NULL,
	"user_id" text NOT NULL,
	"order_id" uuid NOT NULL,
	"size" text NOT NULL,
	"rating" integer NOT NULL,
	"body" text NOT NULL,
	"photos" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"hidden_at" timestamp with time zone,
	"hidden_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "reviews_user_product_key" UNIQUE("user_id","product_id"),
	CONSTRAINT "reviews_rating_check" CHECK ("reviews"."rating" between 1 and 5),
	CONSTRAINT "reviews_size_check" CHECK ("reviews"."size" in ('XS', 'S', 'M', 'L', 'XL', 'XXL')),
	CONSTRAINT "reviews_hidden_check" CHECK (("reviews"."hidden_at" is null) = ("reviews"."hidden_reason" is null))
);
--> statement-breakpoint
CREATE TABLE "size_measurements" (
	"id" serial PRIMARY KEY NOT NULL,
	"category" text,
	"product_id" integer,
	"size" text NOT NULL,
	"chest_mm" integer NOT NULL,
	"length_mm" integer NOT NULL,
	"shoulder_mm" integer NOT NULL,
	"sleeve_mm" integer NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "size_measurements_owner_check" CHECK (("size_measurements"."category" is null) <> ("size_measurements"."product_id" is null)),
	CONSTRAINT "size_measurements_category_check" CHECK ("size_measurements"."category" is null or "size_measurements"."category" in ('jackets', 'sweatshirts', 'oversized', 'regular-fit', 'polos')),
	CONSTRAINT "size_measurements_size_check" CHECK ("size_measurements"."size" in ('XS', 'S', 'M', 'L', 'XL', 'XXL')),
	CONSTRAINT "size_measurements_values_check" CHECK ("size_measurements"."chest_mm" between 1 and 3000 and "size_measurements"."length_mm" between 1 and 3000 and "size_measurements"."shoulder_mm" between 1 and 3000 and "size_measurements"."sleeve_mm" between 1 and 3000)
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "deleted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "size_measurements" ADD CONSTRAINT "size_measurements_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "enquiries_inbox_idx" ON "enquiries" USING btree ("kind","status","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "reviews_product_created_idx" ON "reviews" USING btree ("product_id","created_at" DESC NULLS LAST) WHERE "reviews"."hidden_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "size_measurements_category_size_key" ON "size_measurements" USING btree ("category","size") WHERE "size_measurements"."category" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "size_measurements_product_size_key" ON "size_measurements" USING btree ("product_id","size") WHERE "size_measurements"."product_id" is not null;