CREATE TABLE "artwork_links" (
	"token" text PRIMARY KEY NOT NULL,
	"checkout_key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "artwork_links_checkout_key_unique" UNIQUE("checkout_key")
);
--> statement-breakpoint
CREATE TABLE "order_artwork" (
	"order_id" text PRIMARY KEY NOT NULL,
	"file_key" text NOT NULL,
	"thumbnail_key" text,
	"file_name" text NOT NULL,
	"content_type" text NOT NULL,
	"size_bytes" integer NOT NULL,
	"inspection" jsonb NOT NULL,
	"state" text DEFAULT 'received' NOT NULL,
	"owner_note" text,
	"uploaded_at" timestamp with time zone NOT NULL,
	"reviewed_at" timestamp with time zone,
	"reviewed_by" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "order_artwork_state" CHECK ("order_artwork"."state" IN ('received', 'approved', 'changes_requested'))
);
--> statement-breakpoint
ALTER TABLE "order_artwork" ADD CONSTRAINT "order_artwork_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "order_artwork_file_idx" ON "order_artwork" USING btree ("file_key");