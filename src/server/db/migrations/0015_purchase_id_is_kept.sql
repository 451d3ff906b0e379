-- A line keeps its purchase: purchase_id becomes a plain column, set on insert (its checkout's payment
-- session, else the order itself) and not derived again, so a later payment session on the line (an
-- invoice's pay link) leaves it in its purchase. Renaming a purchase (a checkout taking the provider's
-- session id) carries its lines along.
ALTER TABLE "orders" ALTER COLUMN "purchase_id" DROP EXPRESSION;--> statement-breakpoint
ALTER TABLE "orders" DROP CONSTRAINT "orders_purchase_id_purchases_id_fk";--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_purchase_id_purchases_id_fk" FOREIGN KEY ("purchase_id") REFERENCES "public"."purchases"("id") ON DELETE restrict ON UPDATE cascade DEFERRABLE INITIALLY DEFERRED;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "order_purchase"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	NEW."purchase_id" := coalesce(NEW."purchase_id", NEW."payment_session_id", NEW."id");
	IF NOT EXISTS (SELECT 1 FROM "purchases" WHERE "id" = NEW."purchase_id") THEN
		INSERT INTO "purchases" ("id", "advertiser_id", "business_name", "email", "source", "payment_provider", "created_at")
		VALUES (NEW."purchase_id", "advertiser_for_email"(NEW."email", NEW."business_name"), NEW."business_name", NEW."email",
			CASE WHEN NEW."source" = 'manual' THEN 'manual' ELSE 'checkout' END, NEW."payment_provider", NEW."created_at")
		ON CONFLICT ("id") DO NOTHING;
	END IF;
	RETURN NEW;
END
$$;--> statement-breakpoint
-- Invoices for purchases awaiting payment, numbered per year without gaps like receipts.
CREATE TABLE "invoice_counters" (
	"year" integer PRIMARY KEY NOT NULL,
	"last" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "invoices" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"purchase_id" text NOT NULL,
	"number" text NOT NULL,
	"year" integer NOT NULL,
	"sequence" integer NOT NULL,
	"amount_cents" integer NOT NULL,
	"due_date" date,
	"issued_at" timestamp with time zone DEFAULT now() NOT NULL,
	"issued_by" text NOT NULL,
	"token" text NOT NULL,
	CONSTRAINT "invoices_number_unique" UNIQUE("number"),
	CONSTRAINT "invoices_token_unique" UNIQUE("token")
);
--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_purchase_id_purchases_id_fk" FOREIGN KEY ("purchase_id") REFERENCES "public"."purchases"("id") ON DELETE restrict ON UPDATE cascade;--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_year_sequence_idx" ON "invoices" USING btree ("year","sequence");--> statement-breakpoint
CREATE INDEX "invoices_purchase_idx" ON "invoices" USING btree ("purchase_id");
