CREATE TABLE "category" (
	"id" serial PRIMARY KEY NOT NULL,
	"site_id" integer NOT NULL,
	"parent_id" integer,
	"slug" text NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"cover_key" text,
	"search" "tsvector" GENERATED ALWAYS AS (to_tsvector('english', coalesce(name, '') || ' ' || coalesce(description, ''))) STORED
);
--> statement-breakpoint
CREATE TABLE "category_plan" (
	"category_id" integer NOT NULL,
	"plan_id" integer NOT NULL,
	CONSTRAINT "category_plan_category_id_plan_id_pk" PRIMARY KEY("category_id","plan_id")
);
--> statement-breakpoint
CREATE TABLE "characteristic" (
	"code" text PRIMARY KEY NOT NULL,
	"label" text NOT NULL,
	"kind" text NOT NULL,
	"unit" text,
	"facet" boolean DEFAULT false NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"options" jsonb DEFAULT '[]'::jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "content_entry" (
	"id" serial PRIMARY KEY NOT NULL,
	"site_id" integer NOT NULL,
	"resource" text NOT NULL,
	"type" text,
	"slug" text,
	"title" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'published' NOT NULL,
	"audiences" text[] DEFAULT '{pro,part}'::text[] NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"parent_id" integer,
	"data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"search_text" text DEFAULT '' NOT NULL,
	"published_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"search" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('english', coalesce(title, '')), 'A') || setweight(to_tsvector('english', coalesce(search_text, '')), 'C')) STORED
);
--> statement-breakpoint
CREATE TABLE "content_version" (
	"id" integer PRIMARY KEY NOT NULL,
	"version" integer NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "guide_question" (
	"id" serial PRIMARY KEY NOT NULL,
	"target" text NOT NULL,
	"code" text NOT NULL,
	"label" text NOT NULL,
	"position" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "media" (
	"key" text PRIMARY KEY NOT NULL,
	"content_type" text NOT NULL,
	"bytes" "bytea" NOT NULL,
	"webp_key" text,
	"width" integer,
	"height" integer,
	"alt" text DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "postcode" (
	"code" text PRIMARY KEY NOT NULL,
	"latitude" double precision NOT NULL,
	"longitude" double precision NOT NULL,
	"precision" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "product_category" (
	"product_id" integer NOT NULL,
	"category_id" integer NOT NULL,
	"is_main" boolean DEFAULT false NOT NULL,
	CONSTRAINT "product_category_product_id_category_id_pk" PRIMARY KEY("product_id","category_id")
);
--> statement-breakpoint
CREATE TABLE "product_characteristic" (
	"product_id" integer NOT NULL,
	"code" text NOT NULL,
	"value" text NOT NULL,
	"number_value" double precision,
	CONSTRAINT "product_characteristic_product_id_code_value_pk" PRIMARY KEY("product_id","code","value")
);
--> statement-breakpoint
CREATE TABLE "product_media" (
	"product_id" integer NOT NULL,
	"kind" text NOT NULL,
	"media_key" text NOT NULL,
	"title" text NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "product_media_product_id_kind_media_key_pk" PRIMARY KEY("product_id","kind","media_key")
);
--> statement-breakpoint
CREATE TABLE "product_plan" (
	"product_id" integer NOT NULL,
	"plan_id" integer NOT NULL,
	"promoted" boolean DEFAULT false NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "product_plan_product_id_plan_id_pk" PRIMARY KEY("product_id","plan_id")
);
--> statement-breakpoint
CREATE TABLE "product_relation" (
	"product_id" integer NOT NULL,
	"related_id" integer NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "product_relation_product_id_related_id_pk" PRIMARY KEY("product_id","related_id")
);
--> statement-breakpoint
CREATE TABLE "product" (
	"id" serial PRIMARY KEY NOT NULL,
	"site_id" integer NOT NULL,
	"reference" text NOT NULL,
	"slug" text NOT NULL,
	"name" text NOT NULL,
	"short_description" text NOT NULL,
	"description" text NOT NULL,
	"instructions" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"search" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('english', coalesce(name, '') || ' ' || coalesce(reference, '')), 'A') || setweight(to_tsvector('english', coalesce(short_description, '')), 'B') || setweight(to_tsvector('english', coalesce(description, '')), 'C')) STORED
);
--> statement-breakpoint
CREATE TABLE "redirect" (
	"id" serial PRIMARY KEY NOT NULL,
	"from_path" text NOT NULL,
	"to_path" text NOT NULL,
	"status" integer DEFAULT 301 NOT NULL,
	CONSTRAINT "redirect_from_path_unique" UNIQUE("from_path")
);
--> statement-breakpoint
CREATE TABLE "sales_plan" (
	"id" integer PRIMARY KEY NOT NULL,
	"site_id" integer NOT NULL,
	"target" text NOT NULL,
	"label" text NOT NULL,
	"currency_code" text NOT NULL,
	"currency_symbol" text NOT NULL,
	"vat_rate_bp" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "site" (
	"id" integer PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"label" text NOT NULL,
	"url" text NOT NULL,
	"hosts" text[] NOT NULL,
	"languages" jsonb NOT NULL,
	"is_local" boolean DEFAULT false NOT NULL,
	CONSTRAINT "site_code_unique" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "stockist" (
	"id" serial PRIMARY KEY NOT NULL,
	"site_id" integer NOT NULL,
	"name" text NOT NULL,
	"type" text NOT NULL,
	"address" text NOT NULL,
	"town" text NOT NULL,
	"postcode" text NOT NULL,
	"latitude" double precision NOT NULL,
	"longitude" double precision NOT NULL,
	"phone" text NOT NULL,
	"opening_hours" jsonb NOT NULL,
	"audiences" text[] NOT NULL
);
--> statement-breakpoint
CREATE TABLE "submission" (
	"id" serial PRIMARY KEY NOT NULL,
	"site_id" integer NOT NULL,
	"kind" text NOT NULL,
	"data" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "training_session" (
	"id" serial PRIMARY KEY NOT NULL,
	"site_id" integer NOT NULL,
	"title" text NOT NULL,
	"location" text NOT NULL,
	"starts_on" timestamp with time zone NOT NULL,
	"places" integer NOT NULL,
	"min_participants" integer NOT NULL,
	"max_participants" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "variant_price" (
	"variant_id" integer NOT NULL,
	"plan_id" integer NOT NULL,
	"price_ex_vat_pence" integer NOT NULL,
	CONSTRAINT "variant_price_variant_id_plan_id_pk" PRIMARY KEY("variant_id","plan_id")
);
--> statement-breakpoint
CREATE TABLE "variant" (
	"id" serial PRIMARY KEY NOT NULL,
	"product_id" integer NOT NULL,
	"reference" text NOT NULL,
	"label" text NOT NULL,
	"gtin" text NOT NULL,
	"quantity" double precision NOT NULL,
	"unit" text NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "variant_reference_unique" UNIQUE("reference"),
	CONSTRAINT "variant_gtin_unique" UNIQUE("gtin")
);
--> statement-breakpoint
ALTER TABLE "category" ADD CONSTRAINT "category_site_id_site_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."site"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "category_plan" ADD CONSTRAINT "category_plan_category_id_category_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."category"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "category_plan" ADD CONSTRAINT "category_plan_plan_id_sales_plan_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."sales_plan"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "content_entry" ADD CONSTRAINT "content_entry_site_id_site_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."site"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "guide_question" ADD CONSTRAINT "guide_question_code_characteristic_code_fk" FOREIGN KEY ("code") REFERENCES "public"."characteristic"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_category" ADD CONSTRAINT "product_category_product_id_product_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."product"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_category" ADD CONSTRAINT "product_category_category_id_category_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."category"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_characteristic" ADD CONSTRAINT "product_characteristic_product_id_product_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."product"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_characteristic" ADD CONSTRAINT "product_characteristic_code_characteristic_code_fk" FOREIGN KEY ("code") REFERENCES "public"."characteristic"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_media" ADD CONSTRAINT "product_media_product_id_product_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."product"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_media" ADD CONSTRAINT "product_media_media_key_media_key_fk" FOREIGN KEY ("media_key") REFERENCES "public"."media"("key") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_plan" ADD CONSTRAINT "product_plan_product_id_product_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."product"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_plan" ADD CONSTRAINT "product_plan_plan_id_sales_plan_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."sales_plan"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_relation" ADD CONSTRAINT "product_relation_product_id_product_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."product"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_relation" ADD CONSTRAINT "product_relation_related_id_product_id_fk" FOREIGN KEY ("related_id") REFERENCES "public"."product"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product" ADD CONSTRAINT "product_site_id_site_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."site"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sales_plan" ADD CONSTRAINT "sales_plan_site_id_site_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."site"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stockist" ADD CONSTRAINT "stockist_site_id_site_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."site"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "submission" ADD CONSTRAINT "submission_site_id_site_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."site"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "training_session" ADD CONSTRAINT "training_session_site_id_site_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."site"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "variant_price" ADD CONSTRAINT "variant_price_variant_id_variant_id_fk" FOREIGN KEY ("variant_id") REFERENCES "public"."variant"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "variant_price" ADD CONSTRAINT "variant_price_plan_id_sales_plan_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."sales_plan"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "variant" ADD CONSTRAINT "variant_product_id_product_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."product"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "category_site_slug" ON "category" USING btree ("site_id","slug");--> statement-breakpoint
CREATE INDEX "category_search" ON "category" USING gin ("search");--> statement-breakpoint
CREATE INDEX "content_entry_resource" ON "content_entry" USING btree ("site_id","resource","status");--> statement-breakpoint
CREATE UNIQUE INDEX "content_entry_slug" ON "content_entry" USING btree ("site_id","resource","slug");--> statement-breakpoint
CREATE INDEX "content_entry_search" ON "content_entry" USING gin ("search");--> statement-breakpoint
CREATE INDEX "content_entry_title_trgm" ON "content_entry" USING gin ("title" gin_trgm_ops);--> statement-breakpoint
CREATE UNIQUE INDEX "guide_question_target_code" ON "guide_question" USING btree ("target","code");--> statement-breakpoint
CREATE INDEX "product_characteristic_code_value" ON "product_characteristic" USING btree ("code","value");--> statement-breakpoint
CREATE UNIQUE INDEX "product_site_slug" ON "product" USING btree ("site_id","slug");--> statement-breakpoint
CREATE UNIQUE INDEX "product_site_reference" ON "product" USING btree ("site_id","reference");--> statement-breakpoint
CREATE INDEX "product_search" ON "product" USING gin ("search");--> statement-breakpoint
CREATE INDEX "product_name_trgm" ON "product" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "stockist_town" ON "stockist" USING btree ("town");--> statement-breakpoint
CREATE INDEX "variant_product" ON "variant" USING btree ("product_id");