CREATE SEQUENCE "public"."credit_note_number_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1;--> statement-breakpoint
CREATE SEQUENCE "public"."invoice_number_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1;--> statement-breakpoint
CREATE TABLE "mail_attachment" (
	"id" serial PRIMARY KEY NOT NULL,
	"mail_id" integer NOT NULL,
	"filename" text NOT NULL,
	"content_type" text NOT NULL,
	"content" "bytea" NOT NULL
);
--> statement-breakpoint
CREATE TABLE "order_note" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"staff_id" integer,
	"staff_name" text NOT NULL,
	"body" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "order_note_body_check" CHECK (length("order_note"."body") between 1 and 4000)
);
--> statement-breakpoint
CREATE TABLE "order_document" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"kind" text NOT NULL,
	"number" text NOT NULL,
	"refund_id" integer,
	"issued_at" timestamp with time zone NOT NULL,
	CONSTRAINT "order_document_number_unique" UNIQUE("number"),
	CONSTRAINT "order_document_refund_id_unique" UNIQUE("refund_id"),
	CONSTRAINT "order_document_kind_check" CHECK (("order_document"."kind" = 'invoice' and "order_document"."refund_id" is null and "order_document"."number" ~ '^INV-[0-9]{6,}$')
        or ("order_document"."kind" = 'credit_note' and "order_document"."refund_id" is not null and "order_document"."number" ~ '^CN-[0-9]{6,}$'))
);
--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "order_id" integer;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "fulfilment_status" text DEFAULT 'unfulfilled' NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "fulfilment_method" text;--> statement-breakpoint
UPDATE "orders" SET "fulfilment_method" = "delivery"->>'method';--> statement-breakpoint
UPDATE "orders" SET "fulfilment_status" = 'cancelled' WHERE "status" = 'cancelled';--> statement-breakpoint
ALTER TABLE "orders" ALTER COLUMN "fulfilment_method" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "shipping_carrier" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "tracking_number" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "ready_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "collected_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "dispatched_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "delivered_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "cancelled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "cancel_reason" text;--> statement-breakpoint
ALTER TABLE "payment_refund" ADD COLUMN "reason" text;--> statement-breakpoint
ALTER TABLE "payment_refund" ADD COLUMN "lines" jsonb;--> statement-breakpoint
ALTER TABLE "mail_attachment" ADD CONSTRAINT "mail_attachment_mail_id_mail_outbox_id_fk" FOREIGN KEY ("mail_id") REFERENCES "public"."mail_outbox"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_note" ADD CONSTRAINT "order_note_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_document" ADD CONSTRAINT "order_document_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_document" ADD CONSTRAINT "order_document_refund_id_payment_refund_id_fk" FOREIGN KEY ("refund_id") REFERENCES "public"."payment_refund"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "mail_attachment_mail" ON "mail_attachment" USING btree ("mail_id");--> statement-breakpoint
CREATE INDEX "order_note_order" ON "order_note" USING btree ("order_id","created_at");--> statement-breakpoint
CREATE INDEX "order_document_order" ON "order_document" USING btree ("order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "order_document_one_invoice" ON "order_document" USING btree ("order_id") WHERE "order_document"."kind" = 'invoice';--> statement-breakpoint
CREATE INDEX "mail_outbox_order" ON "mail_outbox" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "orders_site_fulfilment_placed" ON "orders" USING btree ("site_id","fulfilment_status","placed_at");--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_dispatch_check" CHECK ("orders"."fulfilment_status" not in ('dispatched', 'delivered') or ("orders"."shipping_carrier" is not null and "orders"."tracking_number" is not null and "orders"."dispatched_at" is not null));--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_fulfilment_paid_check" CHECK ("orders"."fulfilment_status" in ('unfulfilled', 'cancelled') or "orders"."status" in ('paid', 'on_account'));--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_fulfilment_method_check" CHECK (("orders"."fulfilment_method" = 'delivery' and "orders"."fulfilment_status" not in ('ready_for_collection', 'collected'))
        or ("orders"."fulfilment_method" = 'collect' and "orders"."fulfilment_status" not in ('dispatched', 'delivered')));