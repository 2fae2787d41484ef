CREATE TABLE "submission_note" (
	"id" serial PRIMARY KEY NOT NULL,
	"submission_id" integer NOT NULL,
	"kind" text NOT NULL,
	"staff_id" integer,
	"staff_name" text NOT NULL,
	"body" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "submission_note_body_check" CHECK (length("submission_note"."body") between 1 and 12000),
	CONSTRAINT "submission_note_kind_check" CHECK ("submission_note"."kind" in ('note', 'reply'))
);
--> statement-breakpoint
ALTER TABLE "submission" ADD COLUMN "assignee_id" integer;--> statement-breakpoint
ALTER TABLE "submission" ADD COLUMN "assignee_name" text;--> statement-breakpoint
ALTER TABLE "submission" ADD COLUMN "retain_until" timestamp with time zone DEFAULT now() + interval '2 years' NOT NULL;--> statement-breakpoint
-- Submissions stored before retention dates: a job application 12 months after receipt (its vacancy's close is not
-- known; the retention job keeps it while the vacancy is still published), the others 2 years after receipt.
UPDATE "submission" SET "retain_until" = "created_at" + CASE WHEN "kind" = 'application' THEN interval '12 months' ELSE interval '2 years' END;--> statement-breakpoint
ALTER TABLE "submission_note" ADD CONSTRAINT "submission_note_submission_id_submission_id_fk" FOREIGN KEY ("submission_id") REFERENCES "public"."submission"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "submission_note_submission" ON "submission_note" USING btree ("submission_id","created_at");--> statement-breakpoint
CREATE INDEX "submission_retain_until" ON "submission" USING btree ("retain_until");--> statement-breakpoint
ALTER TABLE "submission" ADD CONSTRAINT "submission_assignee_check" CHECK (("submission"."assignee_id" is null) = ("submission"."assignee_name" is null));--> statement-breakpoint
-- The single note of the API-key calls starts the console's timeline of notes.
INSERT INTO "submission_note" ("submission_id", "kind", "staff_id", "staff_name", "body", "created_at") SELECT "id", 'note', NULL, 'Earlier note', left("note", 12000), "updated_at" FROM "submission" WHERE "note" <> '';
