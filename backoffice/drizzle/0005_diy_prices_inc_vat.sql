ALTER TABLE "variant_price" ALTER COLUMN "price_ex_vat_pence" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "sales_plan" ADD COLUMN "prices_include_vat" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "variant_price" ADD COLUMN "price_inc_vat_pence" integer;--> statement-breakpoint
-- DIY plans sell at shelf prices inc VAT (commerce.md principle 2).
UPDATE "sales_plan" SET "prices_include_vat" = true WHERE "target" = 'part';--> statement-breakpoint
-- Their prices move to the inc-VAT column with the amount the API showed before: ex + roundDiv(ex × rate, 10000),
-- half up. At 20 % the ex-VAT price derived back from it (inc − roundDiv(inc × rate, 10000 + rate)) is the one
-- stored before, so every page shows the same amounts.
UPDATE "variant_price" SET
	"price_inc_vat_pence" = "variant_price"."price_ex_vat_pence"
		+ ((2::bigint * "variant_price"."price_ex_vat_pence" * "sales_plan"."vat_rate_bp" + 10000) / 20000)::int,
	"price_ex_vat_pence" = NULL
FROM "sales_plan"
WHERE "sales_plan"."id" = "variant_price"."plan_id" AND "sales_plan"."prices_include_vat";--> statement-breakpoint
ALTER TABLE "variant_price" ADD CONSTRAINT "variant_price_one_basis" CHECK (num_nonnulls("variant_price"."price_ex_vat_pence", "variant_price"."price_inc_vat_pence") = 1 and coalesce("variant_price"."price_ex_vat_pence", "variant_price"."price_inc_vat_pence") >= 0);
