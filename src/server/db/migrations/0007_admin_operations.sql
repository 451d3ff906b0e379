CREATE TABLE "order_notes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"checkout_key" text NOT NULL,
	"body" text NOT NULL,
	"by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "order_refunds" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"checkout_key" text NOT NULL,
	"order_ids" jsonb NOT NULL,
	"amount_cents" integer NOT NULL,
	"reason" text NOT NULL,
	"email_buyer" boolean DEFAULT true NOT NULL,
	"provider" text NOT NULL,
	"payment_ref" text,
	"idempotency_key" text NOT NULL,
	"provider_refund_id" text,
	"status" text DEFAULT 'requested' NOT NULL,
	"last_error" text,
	"requested_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"completed_at" timestamp with time zone,
	CONSTRAINT "order_refunds_idempotency_key_unique" UNIQUE("idempotency_key"),
	CONSTRAINT "order_refunds_status" CHECK ("order_refunds"."status" IN ('requested', 'succeeded', 'failed')),
	CONSTRAINT "order_refunds_amount_positive" CHECK ("order_refunds"."amount_cents" > 0)
);
--> statement-breakpoint
ALTER TABLE "email_inquiries" ADD COLUMN "handled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "email_inquiries" ADD COLUMN "handled_by" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "checkout_key" text GENERATED ALWAYS AS (coalesce(payment_session_id, id)) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "checkout_key" text;--> statement-breakpoint
CREATE INDEX "order_notes_checkout_idx" ON "order_notes" USING btree ("checkout_key","created_at");--> statement-breakpoint
CREATE INDEX "order_refunds_checkout_idx" ON "order_refunds" USING btree ("checkout_key");--> statement-breakpoint
CREATE INDEX "order_refunds_provider_refund_idx" ON "order_refunds" USING btree ("provider_refund_id");--> statement-breakpoint
CREATE INDEX "email_inquiries_created_idx" ON "email_inquiries" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "orders_checkout_key_idx" ON "orders" USING btree ("checkout_key","created_at");--> statement-breakpoint
CREATE INDEX "outbox_checkout_idx" ON "outbox" USING btree ("checkout_key");--> statement-breakpoint
CREATE INDEX "outbox_created_idx" ON "outbox" USING btree ("created_at");--> statement-breakpoint
-- The e-mails already queued about a checkout name it in their dedupe key ('order-confirmation:{session}').
UPDATE "outbox" SET "checkout_key" = substr("dedupe_key", strpos("dedupe_key", ':') + 1)
WHERE "kind" IN ('order_confirmation', 'admin_new_order', 'admin_late_payment_refunded');
