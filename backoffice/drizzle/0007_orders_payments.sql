CREATE SEQUENCE "public"."order_number_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1;--> statement-breakpoint
CREATE TABLE "discount_use" (
	"order_id" integer PRIMARY KEY NOT NULL,
	"discount_id" integer NOT NULL,
	"email" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "order_access" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "order_line" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"position" integer NOT NULL,
	"product_id" integer,
	"variant_id" integer,
	"product_slug" text NOT NULL,
	"variant_reference" text NOT NULL,
	"name" text NOT NULL,
	"variant_label" text NOT NULL,
	"quantity" integer NOT NULL,
	"unit_ex_pence" integer NOT NULL,
	"unit_inc_pence" integer NOT NULL,
	"line_ex_pence" integer NOT NULL,
	"line_vat_pence" integer NOT NULL,
	"line_inc_pence" integer NOT NULL,
	"vat_rate_bp" integer NOT NULL,
	"free" boolean DEFAULT false NOT NULL,
	CONSTRAINT "order_line_quantity_check" CHECK ("order_line"."quantity" between 1 and 999),
	CONSTRAINT "order_line_amounts_check" CHECK ("order_line"."unit_ex_pence" >= 0 and "order_line"."unit_inc_pence" >= 0 and "order_line"."line_ex_pence" >= 0 and "order_line"."line_vat_pence" >= 0
        and "order_line"."line_ex_pence" + "order_line"."line_vat_pence" = "order_line"."line_inc_pence")
);
--> statement-breakpoint
CREATE TABLE "orders" (
	"id" serial PRIMARY KEY NOT NULL,
	"number" text NOT NULL,
	"site_id" integer NOT NULL,
	"plan_id" integer NOT NULL,
	"audience" text NOT NULL,
	"cart_id" integer,
	"customer_id" integer,
	"status" text DEFAULT 'pending_payment' NOT NULL,
	"payment_method" text NOT NULL,
	"email" text NOT NULL,
	"phone" text NOT NULL,
	"po_number" text,
	"delivery" jsonb NOT NULL,
	"billing" jsonb NOT NULL,
	"currency" text NOT NULL,
	"vat_rate_bp" integer NOT NULL,
	"prices_include_vat" boolean NOT NULL,
	"discount_id" integer,
	"discount_code" text,
	"discount_description" text,
	"subtotal_ex_pence" integer NOT NULL,
	"subtotal_vat_pence" integer NOT NULL,
	"subtotal_inc_pence" integer NOT NULL,
	"discount_ex_pence" integer NOT NULL,
	"discount_vat_pence" integer NOT NULL,
	"discount_inc_pence" integer NOT NULL,
	"shipping_ex_pence" integer NOT NULL,
	"shipping_vat_pence" integer NOT NULL,
	"shipping_inc_pence" integer NOT NULL,
	"total_ex_pence" integer NOT NULL,
	"total_vat_pence" integer NOT NULL,
	"total_inc_pence" integer NOT NULL,
	"placed_at" timestamp with time zone NOT NULL,
	"paid_at" timestamp with time zone,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "orders_number_unique" UNIQUE("number"),
	CONSTRAINT "orders_cart_id_unique" UNIQUE("cart_id"),
	CONSTRAINT "orders_subtotal_check" CHECK ("orders"."subtotal_ex_pence" >= 0 and "orders"."subtotal_vat_pence" >= 0 and "orders"."subtotal_ex_pence" + "orders"."subtotal_vat_pence" = "orders"."subtotal_inc_pence"),
	CONSTRAINT "orders_discount_check" CHECK ("orders"."discount_ex_pence" >= 0 and "orders"."discount_vat_pence" >= 0 and "orders"."discount_ex_pence" + "orders"."discount_vat_pence" = "orders"."discount_inc_pence"),
	CONSTRAINT "orders_shipping_check" CHECK ("orders"."shipping_ex_pence" >= 0 and "orders"."shipping_vat_pence" >= 0 and "orders"."shipping_ex_pence" + "orders"."shipping_vat_pence" = "orders"."shipping_inc_pence"),
	CONSTRAINT "orders_total_check" CHECK ("orders"."total_ex_pence" >= 0 and "orders"."total_vat_pence" >= 0 and "orders"."total_ex_pence" + "orders"."total_vat_pence" = "orders"."total_inc_pence"),
	CONSTRAINT "orders_discount_within_check" CHECK ("orders"."discount_ex_pence" <= "orders"."subtotal_ex_pence" and "orders"."discount_vat_pence" <= "orders"."subtotal_vat_pence" and "orders"."discount_inc_pence" <= "orders"."subtotal_inc_pence"),
	CONSTRAINT "orders_total_sum_check" CHECK ("orders"."total_ex_pence" = "orders"."subtotal_ex_pence" - "orders"."discount_ex_pence" + "orders"."shipping_ex_pence"
        and "orders"."total_vat_pence" = "orders"."subtotal_vat_pence" - "orders"."discount_vat_pence" + "orders"."shipping_vat_pence"),
	CONSTRAINT "orders_number_check" CHECK ("orders"."number" ~ '^PW-[0-9]{6,}$')
);
--> statement-breakpoint
CREATE TABLE "payment_event" (
	"provider" text NOT NULL,
	"event_id" text NOT NULL,
	"payment_id" text NOT NULL,
	"type" text NOT NULL,
	"outcome" text NOT NULL,
	"received_at" timestamp with time zone NOT NULL,
	CONSTRAINT "payment_event_provider_event_id_pk" PRIMARY KEY("provider","event_id")
);
--> statement-breakpoint
CREATE TABLE "payment" (
	"id" text PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"provider" text NOT NULL,
	"method" text NOT NULL,
	"provider_ref" text,
	"amount_pence" integer NOT NULL,
	"currency" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"action_url" text,
	"failure_code" text,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "payment_amount_check" CHECK ("payment"."amount_pence" > 0)
);
--> statement-breakpoint
ALTER TABLE "discount_use" ADD CONSTRAINT "discount_use_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "discount_use" ADD CONSTRAINT "discount_use_discount_id_discount_id_fk" FOREIGN KEY ("discount_id") REFERENCES "public"."discount"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_access" ADD CONSTRAINT "order_access_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_line" ADD CONSTRAINT "order_line_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_site_id_site_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."site"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_plan_id_sales_plan_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."sales_plan"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_cart_id_cart_id_fk" FOREIGN KEY ("cart_id") REFERENCES "public"."cart"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_discount_id_discount_id_fk" FOREIGN KEY ("discount_id") REFERENCES "public"."discount"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_event" ADD CONSTRAINT "payment_event_payment_id_payment_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payment"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment" ADD CONSTRAINT "payment_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "discount_use_discount_email" ON "discount_use" USING btree ("discount_id","email");--> statement-breakpoint
CREATE INDEX "order_access_order" ON "order_access" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "order_line_order" ON "order_line" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "orders_site_placed" ON "orders" USING btree ("site_id","placed_at");--> statement-breakpoint
CREATE INDEX "payment_order" ON "payment" USING btree ("order_id");