-- The triggers of 0015 notified once per statement, even when no row changed: an UPDATE that set
-- what was already there, an INSERT … ON CONFLICT DO NOTHING (a like liked again). Anyone could then
-- empty every instance's page cache at will. These notify only when a row really changed: an
-- inserted or deleted row, or an updated one whose values differ. A statement that changes many
-- rows still gives one notice per table, as PostgreSQL folds identical notices of one transaction.
DROP TRIGGER "products_catalog_changed" ON "products";
--> statement-breakpoint
DROP TRIGGER "product_stock_catalog_changed" ON "product_stock";
--> statement-breakpoint
DROP TRIGGER "size_measurements_catalog_changed" ON "size_measurements";
--> statement-breakpoint
DROP TRIGGER "reviews_catalog_changed" ON "reviews";
--> statement-breakpoint
DROP TRIGGER "product_likes_catalog_changed" ON "product_likes";
--> statement-breakpoint
DROP TRIGGER "users_catalog_changed" ON "users";
--> statement-breakpoint
CREATE TRIGGER "products_catalog_changed" AFTER INSERT OR DELETE ON "products"
  FOR EACH ROW EXECUTE FUNCTION "notify_catalog_changed"();
--> statement-breakpoint
CREATE TRIGGER "products_catalog_updated" AFTER UPDATE ON "products"
  FOR EACH ROW WHEN (OLD.* IS DISTINCT FROM NEW.*) EXECUTE FUNCTION "notify_catalog_changed"();
--> statement-breakpoint
CREATE TRIGGER "products_catalog_truncated" AFTER TRUNCATE ON "products"
  FOR EACH STATEMENT EXECUTE FUNCTION "notify_catalog_changed"();
--> statement-breakpoint
CREATE TRIGGER "product_stock_catalog_changed" AFTER INSERT OR DELETE ON "product_stock"
  FOR EACH ROW EXECUTE FUNCTION "notify_catalog_changed"();
--> statement-breakpoint
CREATE TRIGGER "product_stock_catalog_updated" AFTER UPDATE ON "product_stock"
  FOR EACH ROW WHEN (OLD.* IS DISTINCT FROM NEW.*) EXECUTE FUNCTION "notify_catalog_changed"();
--> statement-breakpoint
CREATE TRIGGER "product_stock_catalog_truncated" AFTER TRUNCATE ON "product_stock"
  FOR EACH STATEMENT EXECUTE FUNCTION "notify_catalog_changed"();
--> statement-breakpoint
CREATE TRIGGER "size_measurements_catalog_changed" AFTER INSERT OR DELETE ON "size_measurements"
  FOR EACH ROW EXECUTE FUNCTION "notify_catalog_changed"();
--> statement-breakpoint
CREATE TRIGGER "size_measurements_catalog_updated" AFTER UPDATE ON "size_measurements"
  FOR EACH ROW WHEN (OLD.* IS DISTINCT FROM NEW.*) EXECUTE FUNCTION "notify_catalog_changed"();
--> statement-breakpoint
CREATE TRIGGER "size_measurements_catalog_truncated" AFTER TRUNCATE ON "size_measurements"
  FOR EACH STATEMENT EXECUTE FUNCTION "notify_catalog_changed"();
--> statement-breakpoint
CREATE TRIGGER "reviews_catalog_changed" AFTER INSERT OR DELETE ON "reviews"
  FOR EACH ROW EXECUTE FUNCTION "notify_catalog_changed"();
--> statement-breakpoint
CREATE TRIGGER "reviews_catalog_updated" AFTER UPDATE ON "reviews"
  FOR EACH ROW WHEN (OLD.* IS DISTINCT FROM NEW.*) EXECUTE FUNCTION "notify_catalog_changed"();
--> statement-breakpoint
CREATE TRIGGER "reviews_catalog_truncated" AFTER TRUNCATE ON "reviews"
  FOR EACH STATEMENT EXECUTE FUNCTION "notify_catalog_changed"();
--> statement-breakpoint
CREATE TRIGGER "product_likes_catalog_changed" AFTER INSERT OR DELETE ON "product_likes"
  FOR EACH ROW EXECUTE FUNCTION "notify_catalog_changed"();
--> statement-breakpoint
CREATE TRIGGER "product_likes_catalog_updated" AFTER UPDATE ON "product_likes"
  FOR EACH ROW WHEN (OLD.* IS DISTINCT FROM NEW.*) EXECUTE FUNCTION "notify_catalog_changed"();
--> statement-breakpoint
CREATE TRIGGER "product_likes_catalog_truncated" AFTER TRUNCATE ON "product_likes"
  FOR EACH STATEMENT EXECUTE FUNCTION "notify_catalog_changed"();
--> statement-breakpoint
-- A review shows its author's name: a rename or a deleted account.
CREATE TRIGGER "users_catalog_renamed" AFTER UPDATE OF "name" ON "users"
  FOR EACH ROW WHEN (OLD."name" IS DISTINCT FROM NEW."name") EXECUTE FUNCTION "notify_catalog_changed"();
--> statement-breakpoint
CREATE TRIGGER "users_catalog_changed" AFTER DELETE ON "users"
  FOR EACH ROW EXECUTE FUNCTION "notify_catalog_changed"();
