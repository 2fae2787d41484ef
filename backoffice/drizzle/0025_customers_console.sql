ALTER TABLE "orders" DROP CONSTRAINT "orders_on_account_check";--> statement-breakpoint
ALTER TABLE "customer" ADD COLUMN "disabled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "customer_erased_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_customer_erased_check" CHECK ("orders"."customer_erased_at" is null or "orders"."customer_id" is null);--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_on_account_check" CHECK ("orders"."payment_method" <> 'on_account' or (("orders"."customer_id" is not null or "orders"."customer_erased_at" is not null) and "orders"."payment_due_at" is not null));