CREATE TABLE "search_lexicon" (
	"word" text PRIMARY KEY NOT NULL
);
--> statement-breakpoint
CREATE TABLE "search_lexicon_state" (
	"id" integer PRIMARY KEY NOT NULL,
	"version" integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX "search_lexicon_trgm" ON "search_lexicon" USING gin ("word" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "product_reference_trgm" ON "product" USING gin ("reference" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "variant_reference_trgm" ON "variant" USING gin ("reference" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "content_entry_product" ON "content_entry" USING btree (("data" ->> 'product_id')) WHERE "content_entry"."resource" = 'notice';