ALTER TABLE "orders" ADD COLUMN "customer_name" text GENERATED ALWAYS AS (coalesce(
  nullif(trim(coalesce(billing->'address'->>'first_name', '') || ' ' || coalesce(billing->'address'->>'last_name', '')), ''),
  trim(coalesce(delivery->'address'->>'first_name', delivery->>'first_name', '') || ' '
    || coalesce(delivery->'address'->>'last_name', delivery->>'last_name', '')))) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "customer_postcode" text GENERATED ALWAYS AS (coalesce(delivery->'address'->>'postcode', billing->'address'->>'postcode')) STORED;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "list_search" text GENERATED ALWAYS AS (number || ' ' || email || ' ' || coalesce(
  nullif(trim(coalesce(billing->'address'->>'first_name', '') || ' ' || coalesce(billing->'address'->>'last_name', '')), ''),
  trim(coalesce(delivery->'address'->>'first_name', delivery->>'first_name', '') || ' '
    || coalesce(delivery->'address'->>'last_name', delivery->>'last_name', ''))) || ' ' || coalesce(coalesce(delivery->'address'->>'postcode', billing->'address'->>'postcode'), '')) STORED NOT NULL;--> statement-breakpoint
CREATE INDEX "orders_site_status_placed" ON "orders" USING btree ("site_id","status","placed_at");--> statement-breakpoint
CREATE INDEX "orders_list_search_trgm" ON "orders" USING gin ("list_search" gin_trgm_ops) WITH (fastupdate=false);