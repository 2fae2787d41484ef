CREATE TABLE "staff_invitation" (
	"id" serial PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"role" text NOT NULL,
	"token_hash" text NOT NULL,
	"invited_by" integer,
	"expires_at" timestamp with time zone NOT NULL,
	"accepted_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "staff_invitation_role_check" CHECK ("staff_invitation"."role" in ('owner', 'orders', 'customer_service', 'recruitment', 'credit_control', 'catalogue', 'content', 'read_only'))
);
--> statement-breakpoint
CREATE TABLE "staff_link_token" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"person_id" integer NOT NULL,
	"purpose" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "staff_login_attempt" (
	"id" serial PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"ip" text NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"counted" boolean DEFAULT true NOT NULL,
	"outcome" text DEFAULT 'pending' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "staff_person" (
	"id" serial PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"name" text NOT NULL,
	"role" text NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"password_hash" text NOT NULL,
	"totp_secret" text,
	"totp_pending_secret" text,
	"totp_last_step" bigint,
	"enrolled_at" timestamp with time zone,
	"last_sign_in_at" timestamp with time zone,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "staff_person_email_check" CHECK ("staff_person"."email" = lower(btrim("staff_person"."email")) and "staff_person"."email" <> ''),
	CONSTRAINT "staff_person_role_check" CHECK ("staff_person"."role" in ('owner', 'orders', 'customer_service', 'recruitment', 'credit_control', 'catalogue', 'content', 'read_only')),
	CONSTRAINT "staff_person_enrolled_check" CHECK (("staff_person"."enrolled_at" is null) = ("staff_person"."totp_secret" is null))
);
--> statement-breakpoint
CREATE TABLE "staff_recovery_code" (
	"id" serial PRIMARY KEY NOT NULL,
	"person_id" integer NOT NULL,
	"code_hash" text NOT NULL,
	"used_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "staff_session" (
	"id" serial PRIMARY KEY NOT NULL,
	"token_hash" text NOT NULL,
	"person_id" integer NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"last_seen_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"ip" text NOT NULL,
	"user_agent" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "staff_setup_token" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "staff_token" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"scope" text NOT NULL,
	"token_hash" text NOT NULL,
	"created_by" integer,
	"expires_at" timestamp with time zone,
	"last_used_at" timestamp with time zone,
	"revoked_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "staff_token_scope_check" CHECK ("staff_token"."scope" in ('owner', 'orders', 'customer_service', 'recruitment', 'credit_control', 'catalogue', 'content', 'read_only'))
);
--> statement-breakpoint
CREATE TABLE "audit_event" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"actor_type" text NOT NULL,
	"actor_id" integer,
	"actor_name" text,
	"role" text,
	"action" text NOT NULL,
	"entity" text NOT NULL,
	"entity_id" text,
	"changes" jsonb,
	"outcome" text NOT NULL,
	"request_id" text,
	"ip" text,
	"user_agent" text,
	CONSTRAINT "audit_event_actor_type_check" CHECK ("audit_event"."actor_type" in ('person', 'token', 'api-key', 'cli', 'anonymous')),
	CONSTRAINT "audit_event_outcome_check" CHECK ("audit_event"."outcome" in ('ok', 'refused', 'failed'))
);
--> statement-breakpoint
ALTER TABLE "staff_invitation" ADD CONSTRAINT "staff_invitation_invited_by_staff_person_id_fk" FOREIGN KEY ("invited_by") REFERENCES "public"."staff_person"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_link_token" ADD CONSTRAINT "staff_link_token_person_id_staff_person_id_fk" FOREIGN KEY ("person_id") REFERENCES "public"."staff_person"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_recovery_code" ADD CONSTRAINT "staff_recovery_code_person_id_staff_person_id_fk" FOREIGN KEY ("person_id") REFERENCES "public"."staff_person"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_session" ADD CONSTRAINT "staff_session_person_id_staff_person_id_fk" FOREIGN KEY ("person_id") REFERENCES "public"."staff_person"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_token" ADD CONSTRAINT "staff_token_created_by_staff_person_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."staff_person"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "staff_invitation_token" ON "staff_invitation" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "staff_invitation_email" ON "staff_invitation" USING btree ("email");--> statement-breakpoint
CREATE INDEX "staff_link_token_person" ON "staff_link_token" USING btree ("person_id","purpose");--> statement-breakpoint
CREATE INDEX "staff_login_attempt_email" ON "staff_login_attempt" USING btree ("email","at");--> statement-breakpoint
CREATE INDEX "staff_login_attempt_ip" ON "staff_login_attempt" USING btree ("ip","at");--> statement-breakpoint
CREATE UNIQUE INDEX "staff_person_email" ON "staff_person" USING btree ("email");--> statement-breakpoint
CREATE UNIQUE INDEX "staff_recovery_code_hash" ON "staff_recovery_code" USING btree ("person_id","code_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "staff_session_token" ON "staff_session" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "staff_session_person" ON "staff_session" USING btree ("person_id");--> statement-breakpoint
CREATE INDEX "staff_session_expires" ON "staff_session" USING btree ("expires_at");--> statement-breakpoint
CREATE UNIQUE INDEX "staff_token_hash" ON "staff_token" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "audit_event_at" ON "audit_event" USING btree ("at");--> statement-breakpoint
CREATE INDEX "audit_event_actor" ON "audit_event" USING btree ("actor_type","actor_id","at");--> statement-breakpoint
CREATE INDEX "audit_event_entity" ON "audit_event" USING btree ("entity","entity_id");