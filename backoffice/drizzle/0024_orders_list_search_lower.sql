ALTER TABLE "orders" drop column "list_search";--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "list_search" text GENERATED ALWAYS AS (lower(number || E'\n' || email || E'\n' || coalesce(
  nullif(trim(coalesce(billing->'address'->>'first_name', '') || ' ' || coalesce(billing->'address'->>'last_name', '')), ''),
  trim(coalesce(delivery->'address'->>'first_name', delivery->>'first_name', '') || ' '
    || coalesce(delivery->'address'->>'last_name', delivery->>'last_name', ''))) || E'\n' || coalesce(coalesce(delivery->'address'->>'postcode', billing->'address'->>'postcode'), ''))) STORED NOT NULL;--> statement-breakpoint
-- Dropping the column dropped its trigram index: made again on the new text.
CREATE INDEX "orders_list_search_trgm" ON "orders" USING gin ("list_search" gin_trgm_ops) WITH (fastupdate=false);
