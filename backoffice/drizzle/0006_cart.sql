CREATE TABLE "carrier_rate" (
	"id" serial PRIMARY KEY NOT NULL,
	"carrier_id" integer NOT NULL,
	"up_to_grams" integer NOT NULL,
	"price_pence" integer NOT NULL,
	CONSTRAINT "carrier_rate_check" CHECK ("carrier_rate"."up_to_grams" > 0 and "carrier_rate"."price_pence" >= 0)
);
--> statement-breakpoint
CREATE TABLE "carrier" (
	"id" serial PRIMARY KEY NOT NULL,
	"plan_id" integer NOT NULL,
	"code" text NOT NULL,
	"label" text NOT NULL,
	"description" text NOT NULL,
	"next_day" boolean DEFAULT false NOT NULL,
	"free_over_pence" integer,
	"remote_surcharge_pence" integer DEFAULT 0 NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	CONSTRAINT "carrier_amounts_check" CHECK ("carrier"."remote_surcharge_pence" >= 0 and ("carrier"."free_over_pence" is null or "carrier"."free_over_pence" >= 0))
);
--> statement-breakpoint
CREATE TABLE "cart_line" (
	"id" serial PRIMARY KEY NOT NULL,
	"cart_id" integer NOT NULL,
	"variant_reference" text NOT NULL,
	"name" text NOT NULL,
	"quantity" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cart_line_quantity_check" CHECK ("cart_line"."quantity" between 1 and 999)
);
--> statement-breakpoint
CREATE TABLE "cart" (
	"id" serial PRIMARY KEY NOT NULL,
	"site_id" integer NOT NULL,
	"token_hash" text NOT NULL,
	"token_expires_at" timestamp with time zone NOT NULL,
	"plan_id" integer NOT NULL,
	"discount_id" integer,
	"customer_id" integer,
	"delivery" jsonb,
	"billing" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"completed_at" timestamp with time zone,
	CONSTRAINT "cart_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "discount" (
	"id" serial PRIMARY KEY NOT NULL,
	"site_id" integer NOT NULL,
	"code" text NOT NULL,
	"description" text NOT NULL,
	"type" text NOT NULL,
	"unit" text,
	"value" integer,
	"free_variant_reference" text,
	"audience" text,
	"min_subtotal_pence" integer,
	"starts_at" timestamp with time zone,
	"ends_at" timestamp with time zone,
	"usage_limit" integer,
	"used" integer DEFAULT 0 NOT NULL,
	"once_per_customer" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "discount_usage_check" CHECK ("discount"."used" >= 0 and ("discount"."usage_limit" is null or "discount"."used" <= "discount"."usage_limit")),
	CONSTRAINT "discount_kind_check" CHECK (("discount"."type" = 'cart_discount' and "discount"."value" > 0 and ("discount"."unit" = 'pence' or ("discount"."unit" = 'percent' and "discount"."value" <= 100)))
        or ("discount"."type" = 'free_product' and "discount"."free_variant_reference" is not null)),
	CONSTRAINT "discount_minimum_check" CHECK ("discount"."min_subtotal_pence" is null or "discount"."min_subtotal_pence" >= 0)
);
--> statement-breakpoint
ALTER TABLE "carrier_rate" ADD CONSTRAINT "carrier_rate_carrier_id_carrier_id_fk" FOREIGN KEY ("carrier_id") REFERENCES "public"."carrier"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "carrier" ADD CONSTRAINT "carrier_plan_id_sales_plan_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."sales_plan"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cart_line" ADD CONSTRAINT "cart_line_cart_id_cart_id_fk" FOREIGN KEY ("cart_id") REFERENCES "public"."cart"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cart" ADD CONSTRAINT "cart_site_id_site_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."site"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cart" ADD CONSTRAINT "cart_plan_id_sales_plan_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."sales_plan"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cart" ADD CONSTRAINT "cart_discount_id_discount_id_fk" FOREIGN KEY ("discount_id") REFERENCES "public"."discount"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "discount" ADD CONSTRAINT "discount_site_id_site_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."site"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "carrier_rate_band" ON "carrier_rate" USING btree ("carrier_id","up_to_grams");--> statement-breakpoint
CREATE UNIQUE INDEX "carrier_plan_code" ON "carrier" USING btree ("plan_id","code");--> statement-breakpoint
CREATE UNIQUE INDEX "cart_line_cart_variant" ON "cart_line" USING btree ("cart_id","variant_reference");--> statement-breakpoint
CREATE INDEX "cart_token_expires_at" ON "cart" USING btree ("token_expires_at");--> statement-breakpoint
CREATE UNIQUE INDEX "discount_site_code" ON "discount" USING btree ("site_id","code");