-- Every payment session a pay link (an invoice's, an offer's "Keep my spots") opens for held lines, one row per
-- attempt: the create call's idempotency key is the purchase and the attempt, and a payment for a session that is
-- no longer its lines' own finds them through it. The sessions pay links have open now are recorded as open.
CREATE TABLE "payment_sessions" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"purchase_id" text NOT NULL,
	"attempt" integer NOT NULL,
	"provider" text NOT NULL,
	"session_id" text,
	"reference" text NOT NULL,
	"order_ids" jsonb NOT NULL,
	"amount_cents" integer NOT NULL,
	"expires_at" timestamp with time zone,
	"state" text DEFAULT 'opening' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ended_at" timestamp with time zone,
	CONSTRAINT "payment_sessions_state" CHECK ("payment_sessions"."state" IN ('opening', 'open', 'paid', 'expired', 'failed'))
);
--> statement-breakpoint
ALTER TABLE "payment_sessions" ADD CONSTRAINT "payment_sessions_purchase_id_purchases_id_fk" FOREIGN KEY ("purchase_id") REFERENCES "public"."purchases"("id") ON DELETE cascade ON UPDATE cascade;--> statement-breakpoint
CREATE UNIQUE INDEX "payment_sessions_attempt_idx" ON "payment_sessions" USING btree ("purchase_id","attempt");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_sessions_session_idx" ON "payment_sessions" USING btree ("session_id");--> statement-breakpoint
INSERT INTO "payment_sessions" ("purchase_id", "attempt", "provider", "session_id", "reference", "order_ids", "amount_cents", "state")
SELECT "purchase_id", row_number() OVER (PARTITION BY "purchase_id" ORDER BY min("created_at")), min("payment_provider"),
	"payment_session_id", "payment_session_id", jsonb_agg("id" ORDER BY "id"), sum("amount_cents"), 'open'
FROM "orders"
WHERE "status" = 'pending' AND "payment_session_id" IS NOT NULL AND "payment_session_id" <> "purchase_id"
	AND "payment_provider" IS NOT NULL
GROUP BY "purchase_id", "payment_session_id";
