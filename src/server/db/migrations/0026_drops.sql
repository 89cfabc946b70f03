CREATE TABLE "drops" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"goes_live_at" timestamp with time zone NOT NULL,
	"limit_per_size" integer,
	"limit_total" integer,
	"hidden_until_live" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "drops_name_check" CHECK (length(trim("drops"."name")) > 0),
	CONSTRAINT "drops_limits_check" CHECK (coalesce("drops"."limit_per_size", 1) > 0 and coalesce("drops"."limit_total", 1) > 0)
);
--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "drop_id" integer;--> statement-breakpoint
CREATE INDEX "drops_goes_live_at_idx" ON "drops" USING btree ("goes_live_at");--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_drop_id_drops_id_fk" FOREIGN KEY ("drop_id") REFERENCES "public"."drops"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "products_drop_idx" ON "products" USING btree ("drop_id");--> statement-breakpoint
-- A drop's time, limits or visibility change what the catalog's pages show: the same notice as a
-- product's change, so every instance drops its kept pages and asks again when the next drop is.
CREATE TRIGGER "drops_catalog_changed" AFTER INSERT OR DELETE ON "drops"
  FOR EACH ROW EXECUTE FUNCTION "notify_catalog_changed"();
--> statement-breakpoint
CREATE TRIGGER "drops_catalog_updated" AFTER UPDATE ON "drops"
  FOR EACH ROW WHEN (OLD.* IS DISTINCT FROM NEW.*) EXECUTE FUNCTION "notify_catalog_changed"();
--> statement-breakpoint
CREATE TRIGGER "drops_catalog_truncated" AFTER TRUNCATE ON "drops"
  FOR EACH STATEMENT EXECUTE FUNCTION "notify_catalog_changed"();
