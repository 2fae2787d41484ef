CREATE TABLE "content_revision" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"site_id" integer NOT NULL,
	"resource" text NOT NULL,
	"entity_id" integer NOT NULL,
	"version" integer NOT NULL,
	"action" text NOT NULL,
	"status" text NOT NULL,
	"snapshot" jsonb NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"actor_type" text NOT NULL,
	"actor_id" integer,
	"actor_name" text
);
--> statement-breakpoint
ALTER TABLE "audit_event" DROP CONSTRAINT "audit_event_actor_type_check";--> statement-breakpoint
ALTER TABLE "content_entry" ADD COLUMN "draft" jsonb;--> statement-breakpoint
ALTER TABLE "content_entry" ADD COLUMN "publish_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "content_entry" ADD COLUMN "unpublish_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "content_revision" ADD CONSTRAINT "content_revision_site_id_site_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."site"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "content_revision_entity" ON "content_revision" USING btree ("resource","entity_id","id");--> statement-breakpoint
CREATE INDEX "content_entry_publish_at" ON "content_entry" USING btree ("publish_at") WHERE "content_entry"."publish_at" is not null;--> statement-breakpoint
CREATE INDEX "content_entry_unpublish_at" ON "content_entry" USING btree ("unpublish_at") WHERE "content_entry"."unpublish_at" is not null;--> statement-breakpoint
ALTER TABLE "audit_event" ADD CONSTRAINT "audit_event_actor_type_check" CHECK ("audit_event"."actor_type" in ('person', 'token', 'api-key', 'cli', 'anonymous', 'job'));