DROP TABLE "search_lexicon" CASCADE;--> statement-breakpoint
DROP TABLE "search_lexicon_state" CASCADE;