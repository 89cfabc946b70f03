-- What a visitor's page shows comes from these tables: the products and their prices, stock, size
-- charts, reviews and likes (the product page counts them), and a reviewer's name (a review shows
-- it: a renamed or deleted account's name must not stay in a kept page). Any write to them, by whatever code path (staff screens, an import, a
-- checkout taking stock, psql), tells every instance listening on 'catalog_changed' after it
-- commits, and each drops its cached visitor pages (ADR 0032). One notice per statement; PostgreSQL
-- folds identical notices of one transaction into one.
CREATE FUNCTION "notify_catalog_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('catalog_changed', TG_TABLE_NAME);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "products_catalog_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "products"
  FOR EACH STATEMENT EXECUTE FUNCTION "notify_catalog_changed"();
--> statement-breakpoint
CREATE TRIGGER "product_stock_catalog_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "product_stock"
  FOR EACH STATEMENT EXECUTE FUNCTION "notify_catalog_changed"();
--> statement-breakpoint
CREATE TRIGGER "size_measurements_catalog_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "size_measurements"
  FOR EACH STATEMENT EXECUTE FUNCTION "notify_catalog_changed"();
--> statement-breakpoint
CREATE TRIGGER "reviews_catalog_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "reviews"
  FOR EACH STATEMENT EXECUTE FUNCTION "notify_catalog_changed"();
--> statement-breakpoint
CREATE TRIGGER "product_likes_catalog_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "product_likes"
  FOR EACH STATEMENT EXECUTE FUNCTION "notify_catalog_changed"();
--> statement-breakpoint
CREATE TRIGGER "users_catalog_changed" AFTER UPDATE OF "name" OR DELETE ON "users"
  FOR EACH STATEMENT EXECUTE FUNCTION "notify_catalog_changed"();
