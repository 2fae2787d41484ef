CREATE TABLE "trade_application" (
	"id" serial PRIMARY KEY NOT NULL,
	"site_id" integer NOT NULL,
	"customer_id" integer NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"company" text NOT NULL,
	"company_number" text NOT NULL,
	"vat_number" text,
	"expected_monthly_spend_pounds" integer NOT NULL,
	"phone" text NOT NULL,
	"decline_reason" text,
	"decided_by" text,
	"decided_at" timestamp with time zone,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "trade_application_check" CHECK ("trade_application"."status" in ('pending', 'approved', 'declined') and "trade_application"."expected_monthly_spend_pounds" > 0
        and "trade_application"."company" <> '' and "trade_application"."company_number" <> ''
        and ("trade_application"."status" <> 'declined' or coalesce("trade_application"."decline_reason", '') <> '')
        and (("trade_application"."status" = 'pending') = ("trade_application"."decided_at" is null))
        and ("trade_application"."vat_number" is null or "trade_application"."vat_number" ~ '^GB([0-9]{9}|[0-9]{12})$'))
);
--> statement-breakpoint
CREATE TABLE "trade_hold" (
	"customer_id" integer PRIMARY KEY NOT NULL,
	"site_id" integer NOT NULL,
	"held_at" timestamp with time zone NOT NULL,
	"held_by" text
);
--> statement-breakpoint
ALTER TABLE "trade_application" ADD CONSTRAINT "trade_application_site_id_site_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."site"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trade_application" ADD CONSTRAINT "trade_application_customer_id_customer_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customer"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trade_hold" ADD CONSTRAINT "trade_hold_customer_id_customer_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customer"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trade_hold" ADD CONSTRAINT "trade_hold_site_id_site_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."site"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "trade_application_one_pending" ON "trade_application" USING btree ("customer_id") WHERE "trade_application"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "trade_application_site_status" ON "trade_application" USING btree ("site_id","status","created_at");