CREATE TABLE "build_pointer" (
	"id" integer PRIMARY KEY NOT NULL,
	"build_id" text NOT NULL,
	"moved_at" timestamp with time zone NOT NULL,
	"reason" text NOT NULL,
	"served_at" timestamp with time zone,
	CONSTRAINT "build_pointer_single" CHECK ("build_pointer"."id" = 1),
	CONSTRAINT "build_pointer_reason_check" CHECK ("build_pointer"."reason" in ('build', 'rollback'))
);
--> statement-breakpoint
CREATE TABLE "build_record" (
	"id" text PRIMARY KEY NOT NULL,
	"content_version" integer NOT NULL,
	"status" text DEFAULT 'building' NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"finished_at" timestamp with time zone,
	"message" text,
	"log_tail" text,
	"contents" jsonb,
	"changes" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"changes_total" integer DEFAULT 0 NOT NULL,
	"served_at" timestamp with time zone,
	"pruned_at" timestamp with time zone,
	CONSTRAINT "build_record_status_check" CHECK ("build_record"."status" in ('building', 'succeeded', 'failed'))
);
--> statement-breakpoint
ALTER TABLE "staff_token" DROP CONSTRAINT "staff_token_scope_check";--> statement-breakpoint
ALTER TABLE "build_pointer" ADD CONSTRAINT "build_pointer_build_id_build_record_id_fk" FOREIGN KEY ("build_id") REFERENCES "public"."build_record"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "build_record_started" ON "build_record" USING btree ("started_at");--> statement-breakpoint
ALTER TABLE "staff_token" ADD CONSTRAINT "staff_token_scope_check" CHECK ("staff_token"."scope" in ('owner', 'orders', 'customer_service', 'recruitment', 'credit_control', 'catalogue', 'content', 'read_only', 'builds:write'));