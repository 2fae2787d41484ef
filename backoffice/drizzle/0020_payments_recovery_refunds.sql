CREATE TABLE "fake_provider_payment" (
	"idempotency_key" text PRIMARY KEY NOT NULL,
	"provider_ref" text NOT NULL,
	"status" text NOT NULL,
	"amount_pence" integer NOT NULL,
	"currency" text NOT NULL,
	"answer" jsonb NOT NULL,
	"refunded_pence" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "fake_provider_payment_provider_ref_unique" UNIQUE("provider_ref"),
	CONSTRAINT "fake_provider_payment_refunded_check" CHECK ("fake_provider_payment"."refunded_pence" >= 0 and "fake_provider_payment"."refunded_pence" <= "fake_provider_payment"."amount_pence")
);
--> statement-breakpoint
CREATE TABLE "fake_provider_refund" (
	"refund_id" text PRIMARY KEY NOT NULL,
	"provider_ref" text NOT NULL,
	"idempotency_key" text NOT NULL,
	"amount_pence" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "fake_provider_refund_idempotency_key_unique" UNIQUE("idempotency_key")
);
--> statement-breakpoint
CREATE TABLE "payment_refund" (
	"id" serial PRIMARY KEY NOT NULL,
	"payment_id" text NOT NULL,
	"amount_pence" integer NOT NULL,
	"idempotency_key" text NOT NULL,
	"provider_refund_id" text,
	"status" text DEFAULT 'pending' NOT NULL,
	"failure_code" text,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "payment_refund_idempotency_key_unique" UNIQUE("idempotency_key"),
	CONSTRAINT "payment_refund_provider_refund_id_unique" UNIQUE("provider_refund_id"),
	CONSTRAINT "payment_refund_amount_check" CHECK ("payment_refund"."amount_pence" > 0)
);
--> statement-breakpoint
ALTER TABLE "payment" ADD COLUMN "cart_id" integer;--> statement-breakpoint
ALTER TABLE "payment" ADD COLUMN "attempt_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "payment" ADD COLUMN "captured_pence" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "payment" ADD COLUMN "refunded_pence" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "fake_provider_refund" ADD CONSTRAINT "fake_provider_refund_provider_ref_fake_provider_payment_provider_ref_fk" FOREIGN KEY ("provider_ref") REFERENCES "public"."fake_provider_payment"("provider_ref") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_refund" ADD CONSTRAINT "payment_refund_payment_id_payment_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payment"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "payment_refund_payment" ON "payment_refund" USING btree ("payment_id");--> statement-breakpoint
ALTER TABLE "payment" ADD CONSTRAINT "payment_cart_id_cart_id_fk" FOREIGN KEY ("cart_id") REFERENCES "public"."cart"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "payment_one_open_attempt_per_cart" ON "payment" USING btree ("cart_id") WHERE status in ('pending', 'requires_action');--> statement-breakpoint
CREATE INDEX "payment_open_attempt_age" ON "payment" USING btree ("attempt_at") WHERE status in ('pending', 'requires_action');--> statement-breakpoint
ALTER TABLE "payment" ADD CONSTRAINT "payment_captured_check" CHECK ("payment"."captured_pence" >= 0 and "payment"."captured_pence" <= "payment"."amount_pence");--> statement-breakpoint
ALTER TABLE "payment" ADD CONSTRAINT "payment_refunded_check" CHECK ("payment"."refunded_pence" >= 0 and "payment"."refunded_pence" <= "payment"."captured_pence");