-- Each order keeps the email it was placed with: Track Order matches it, not the account's email of
-- today. Orders placed before take their account's email as it is now (a deleted account's erased
-- address for its orders).
ALTER TABLE "orders" ADD COLUMN "email" text;--> statement-breakpoint
UPDATE "orders" SET "email" = "users"."email" FROM "users" WHERE "users"."id" = "orders"."user_id";--> statement-breakpoint
ALTER TABLE "orders" ALTER COLUMN "email" SET NOT NULL;--> statement-breakpoint
CREATE INDEX "orders_email_idx" ON "orders" USING btree ("email");
