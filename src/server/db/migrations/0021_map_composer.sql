-- The map composer: each mailing's map image and legend choice, and where each sold map icon sits on its card.
CREATE TABLE "mailing_icon_positions" (
	"order_id" text PRIMARY KEY NOT NULL,
	"mailing_month" text NOT NULL,
	"x" double precision NOT NULL,
	"y" double precision NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "mailing_icon_positions_inside" CHECK ("mailing_icon_positions"."x" BETWEEN 0 AND 1 AND "mailing_icon_positions"."y" BETWEEN 0 AND 1)
);
--> statement-breakpoint
CREATE TABLE "mailing_maps" (
	"month" text PRIMARY KEY NOT NULL,
	"image_key" text,
	"image_content_type" text,
	"image_width" integer,
	"image_height" integer,
	"legend" boolean DEFAULT true NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "mailing_maps_image_whole" CHECK (("mailing_maps"."image_key" IS NULL AND "mailing_maps"."image_content_type" IS NULL AND "mailing_maps"."image_width" IS NULL AND "mailing_maps"."image_height" IS NULL) OR ("mailing_maps"."image_key" IS NOT NULL AND "mailing_maps"."image_content_type" IN ('image/png', 'image/jpeg') AND "mailing_maps"."image_width" > 0 AND "mailing_maps"."image_height" > 0))
);
--> statement-breakpoint
ALTER TABLE "mailing_icon_positions" ADD CONSTRAINT "mailing_icon_positions_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mailing_maps" ADD CONSTRAINT "mailing_maps_month_mailings_month_fk" FOREIGN KEY ("month") REFERENCES "public"."mailings"("month") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "mailing_icon_positions_month_idx" ON "mailing_icon_positions" USING btree ("mailing_month");