CREATE TABLE "notify_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"email" text NOT NULL,
	"drop_id" integer,
	"product_id" integer,
	"size" text,
	"user_id" text,
	"confirmed_at" timestamp with time zone,
	"notified_at" timestamp with time zone,
	"token_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "notify_requests_email_check" CHECK ("notify_requests"."email" = lower("notify_requests"."email") and length("notify_requests"."email") between 3 and 254),
	CONSTRAINT "notify_requests_target_check" CHECK (("notify_requests"."drop_id" is not null and "notify_requests"."product_id" is null and "notify_requests"."size" is null) or ("notify_requests"."drop_id" is null and "notify_requests"."product_id" is not null and "notify_requests"."size" is not null)),
	CONSTRAINT "notify_requests_size_check" CHECK ("notify_requests"."size" is null or "notify_requests"."size" in ('XS', 'S', 'M', 'L', 'XL', 'XXL'))
);
--> statement-breakpoint
ALTER TABLE "notify_requests" ADD CONSTRAINT "notify_requests_drop_id_drops_id_fk" FOREIGN KEY ("drop_id") REFERENCES "public"."drops"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notify_requests" ADD CONSTRAINT "notify_requests_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notify_requests" ADD CONSTRAINT "notify_requests_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "notify_requests_email_drop_key" ON "notify_requests" USING btree ("email","drop_id") WHERE "notify_requests"."drop_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "notify_requests_email_size_key" ON "notify_requests" USING btree ("email","product_id","size") WHERE "notify_requests"."product_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "notify_requests_token_hash_key" ON "notify_requests" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "notify_requests_drop_idx" ON "notify_requests" USING btree ("drop_id") WHERE "notify_requests"."drop_id" is not null;--> statement-breakpoint
CREATE INDEX "notify_requests_product_size_idx" ON "notify_requests" USING btree ("product_id","size") WHERE "notify_requests"."product_id" is not null;--> statement-breakpoint
CREATE INDEX "notify_requests_user_idx" ON "notify_requests" USING btree ("user_id") WHERE "notify_requests"."user_id" is not null;--> statement-breakpoint
CREATE INDEX "notify_requests_waiting_idx" ON "notify_requests" USING btree ("created_at") WHERE "notify_requests"."confirmed_at" is not null and "notify_requests"."notified_at" is null;