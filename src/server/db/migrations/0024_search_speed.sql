-- The planner estimates a word-similarity condition (%>) by computing word similarity against every
-- value kept in the statistics of lower(name): about 200 at the default target, close to a
-- millisecond of each typo search's planning, more than its index scan takes. Live search does not
-- steer by these estimates (it chooses between reading the first products and the index by its own
-- counts, with sequential scans off), so ten values are enough; ANALYZE applies the target now.
ALTER INDEX "products_name_trgm_idx" ALTER COLUMN 1 SET STATISTICS 10;
--> statement-breakpoint
ANALYZE "products";
