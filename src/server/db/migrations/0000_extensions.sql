-- Trigram matching for the live product search (products_name_trgm_idx).
CREATE EXTENSION IF NOT EXISTS pg_trgm;
