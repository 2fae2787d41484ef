CREATE TABLE "submission_file" (
	"id" serial PRIMARY KEY NOT NULL,
	"submission_id" integer NOT NULL,
	"file_name" text NOT NULL,
	"content_type" text NOT NULL,
	"size_bytes" integer NOT NULL,
	"content" "bytea" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "submission_file_size_check" CHECK ("submission_file"."size_bytes" > 0 and "submission_file"."size_bytes" <= 5242880)
);
--> statement-breakpoint
CREATE TABLE "mail_outbox" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"recipient" text NOT NULL,
	"reply_to" text,
	"subject" text NOT NULL,
	"text_body" text NOT NULL,
	"html_body" text NOT NULL,
	"message_id" text NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"locked_until" timestamp with time zone,
	"sent_at" timestamp with time zone,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "mail_outbox_message_id_unique" UNIQUE("message_id"),
	CONSTRAINT "mail_outbox_attempts_check" CHECK ("mail_outbox"."attempts" >= 0)
);
--> statement-breakpoint
CREATE TABLE "bot_check_solution" (
	"key" text PRIMARY KEY NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "training_session" ADD COLUMN "places_taken" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "submission_file" ADD CONSTRAINT "submission_file_submission_id_submission_id_fk" FOREIGN KEY ("submission_id") REFERENCES "public"."submission"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "submission_file_submission" ON "submission_file" USING btree ("submission_id");--> statement-breakpoint
CREATE INDEX "mail_outbox_due" ON "mail_outbox" USING btree ("next_attempt_at") WHERE "mail_outbox"."sent_at" is null;--> statement-breakpoint
-- Places already taken by earlier registrations (capped: a session overbooked before the counter existed stays full).
UPDATE "training_session" SET "places_taken" = least("places", coalesce((
	SELECT sum(jsonb_array_length("data" -> 'participants'))::int FROM "submission"
	WHERE "kind" = 'training-registration' AND ("data" ->> 'session_id')::int = "training_session"."id"), 0));--> statement-breakpoint
ALTER TABLE "training_session" ADD CONSTRAINT "training_session_places_check" CHECK ("training_session"."places_taken" >= 0 and "training_session"."places_taken" <= "training_session"."places");