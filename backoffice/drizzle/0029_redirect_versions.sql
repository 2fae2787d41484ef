ALTER TABLE "redirect" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "redirect" ADD CONSTRAINT "redirect_status" CHECK ("redirect"."status" in (301, 302));--> statement-breakpoint
ALTER TABLE "redirect" ADD CONSTRAINT "redirect_not_to_itself" CHECK ("redirect"."from_path" <> "redirect"."to_path");