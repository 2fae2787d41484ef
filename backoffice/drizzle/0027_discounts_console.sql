ALTER TABLE "discount" DROP CONSTRAINT "discount_usage_check";--> statement-breakpoint
ALTER TABLE "discount" DROP CONSTRAINT "discount_kind_check";--> statement-breakpoint
ALTER TABLE "discount" ADD COLUMN "active" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "discount" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "discount" ADD CONSTRAINT "discount_code_check" CHECK ("discount"."code" = upper(btrim("discount"."code")) and char_length("discount"."code") between 1 and 40);--> statement-breakpoint
ALTER TABLE "discount" ADD CONSTRAINT "discount_description_check" CHECK (char_length("discount"."description") between 1 and 200);--> statement-breakpoint
ALTER TABLE "discount" ADD CONSTRAINT "discount_dates_check" CHECK ("discount"."starts_at" is null or "discount"."ends_at" is null or "discount"."ends_at" > "discount"."starts_at");--> statement-breakpoint
ALTER TABLE "discount" ADD CONSTRAINT "discount_version_check" CHECK ("discount"."version" > 0);--> statement-breakpoint
ALTER TABLE "discount" ADD CONSTRAINT "discount_usage_check" CHECK ("discount"."used" >= 0 and ("discount"."usage_limit" is null or ("discount"."usage_limit" > 0 and "discount"."used" <= "discount"."usage_limit")));--> statement-breakpoint
ALTER TABLE "discount" ADD CONSTRAINT "discount_kind_check" CHECK (("discount"."type" = 'cart_discount' and "discount"."free_variant_reference" is null and "discount"."value" is not null
          and (("discount"."unit" = 'percent' and "discount"."value" between 1 and 100) or ("discount"."unit" = 'pence' and "discount"."value" > 0)))
        or ("discount"."type" = 'free_product' and "discount"."free_variant_reference" is not null and "discount"."unit" is null and "discount"."value" is null));