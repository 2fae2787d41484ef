CREATE TABLE "auth_attempt" (
	"id" serial PRIMARY KEY NOT NULL,
	"scope" text NOT NULL,
	"subject" text NOT NULL,
	"at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "customer_address" (
	"id" serial PRIMARY KEY NOT NULL,
	"customer_id" integer NOT NULL,
	"label" text,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"company" text,
	"address" text NOT NULL,
	"address_2" text,
	"town" text NOT NULL,
	"postcode" text NOT NULL,
	"country" text NOT NULL,
	"phone" text,
	"is_default_delivery" boolean DEFAULT false NOT NULL,
	"is_default_billing" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "customer_address_delivery_uk_check" CHECK (not "customer_address"."is_default_delivery" or "customer_address"."country" = 'uk')
);
--> statement-breakpoint
CREATE TABLE "customer_session" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"customer_id" integer NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"last_seen_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "customer_token" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"customer_id" integer NOT NULL,
	"purpose" text NOT NULL,
	"email" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "customer" (
	"id" serial PRIMARY KEY NOT NULL,
	"site_id" integer NOT NULL,
	"email" text NOT NULL,
	"password_hash" text NOT NULL,
	"civility" text,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"phone" text,
	"audience" text NOT NULL,
	"company" text,
	"company_number" text,
	"newsletter" boolean DEFAULT false NOT NULL,
	"email_verified_at" timestamp with time zone,
	"trade_approved" boolean DEFAULT false NOT NULL,
	"payment_terms_days" integer DEFAULT 0 NOT NULL,
	"credit_limit_pence" integer DEFAULT 0 NOT NULL,
	"po_required" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "customer_email_check" CHECK ("customer"."email" = lower(btrim("customer"."email")) and "customer"."email" <> ''),
	CONSTRAINT "customer_trade_check" CHECK ("customer"."payment_terms_days" between 0 and 120 and "customer"."credit_limit_pence" >= 0
        and ("customer"."trade_approved" or ("customer"."credit_limit_pence" = 0 and not "customer"."po_required")))
);
--> statement-breakpoint
CREATE TABLE "wishlist_item" (
	"customer_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"added_at" timestamp with time zone NOT NULL,
	CONSTRAINT "wishlist_item_customer_id_product_id_pk" PRIMARY KEY("customer_id","product_id")
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "payment_due_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "customer_address" ADD CONSTRAINT "customer_address_customer_id_customer_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customer"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_session" ADD CONSTRAINT "customer_session_customer_id_customer_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customer"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_token" ADD CONSTRAINT "customer_token_customer_id_customer_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customer"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer" ADD CONSTRAINT "customer_site_id_site_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."site"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wishlist_item" ADD CONSTRAINT "wishlist_item_customer_id_customer_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customer"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "auth_attempt_scope_subject_at" ON "auth_attempt" USING btree ("scope","subject","at");--> statement-breakpoint
CREATE INDEX "customer_address_customer" ON "customer_address" USING btree ("customer_id");--> statement-breakpoint
CREATE UNIQUE INDEX "customer_address_default_delivery" ON "customer_address" USING btree ("customer_id") WHERE "customer_address"."is_default_delivery";--> statement-breakpoint
CREATE UNIQUE INDEX "customer_address_default_billing" ON "customer_address" USING btree ("customer_id") WHERE "customer_address"."is_default_billing";--> statement-breakpoint
CREATE INDEX "customer_session_customer" ON "customer_session" USING btree ("customer_id");--> statement-breakpoint
CREATE INDEX "customer_session_expires" ON "customer_session" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "customer_token_customer" ON "customer_token" USING btree ("customer_id","purpose");--> statement-breakpoint
CREATE UNIQUE INDEX "customer_site_email" ON "customer" USING btree ("site_id","email");--> statement-breakpoint
ALTER TABLE "cart" ADD CONSTRAINT "cart_customer_id_customer_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customer"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_customer_id_customer_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customer"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "cart_customer_open" ON "cart" USING btree ("customer_id") WHERE "cart"."customer_id" is not null and "cart"."completed_at" is null;--> statement-breakpoint
CREATE INDEX "orders_customer_placed" ON "orders" USING btree ("customer_id","placed_at");--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_on_account_check" CHECK ("orders"."payment_method" <> 'on_account' or ("orders"."customer_id" is not null and "orders"."payment_due_at" is not null));