CREATE TABLE "data_migration" (
	"name" text PRIMARY KEY NOT NULL,
	"changed" integer DEFAULT 0 NOT NULL,
	"ran_at" timestamp with time zone DEFAULT now() NOT NULL
);
