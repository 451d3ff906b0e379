-- The advertiser's approval of their ad as printed: when a mailing's proof was first built (its advertisers are
-- then asked to check their ads), and each decision on a line (the latest counts; history kept).
-- Earlier migrations of the same run may leave deferred trigger events on mailings (their catalogue-version
-- triggers), and a table with pending events cannot be altered: they are fired first.
SET CONSTRAINTS ALL IMMEDIATE;--> statement-breakpoint
CREATE TABLE "ad_approvals" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"order_id" text NOT NULL,
	"decision" text NOT NULL,
	"note" text,
	"artwork_key" text,
	"decided_by" text NOT NULL,
	"decided_at" timestamp with time zone DEFAULT clock_timestamp() NOT NULL,
	CONSTRAINT "ad_approvals_decision" CHECK ("ad_approvals"."decision" IN ('approved', 'changes_requested')),
	CONSTRAINT "ad_approvals_note" CHECK (("ad_approvals"."decision" = 'approved' AND "ad_approvals"."note" IS NULL) OR ("ad_approvals"."decision" = 'changes_requested' AND length("ad_approvals"."note") BETWEEN 1 AND 1000))
);
--> statement-breakpoint
ALTER TABLE "mailings" ADD COLUMN "proof_built_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "ad_approvals" ADD CONSTRAINT "ad_approvals_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ad_approvals_order_idx" ON "ad_approvals" USING btree ("order_id","id");