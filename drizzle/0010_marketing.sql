CREATE TABLE "giveaway_entries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"giveaway_id" integer NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"phone" text NOT NULL,
	"zip" text NOT NULL,
	"agree_to_rules" boolean NOT NULL,
	"attribution" jsonb NOT NULL,
	"ip_address" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "giveaways" (
	"id" serial PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"prize" text NOT NULL,
	"description" text NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"rules_markdown" text NOT NULL,
	"image_id" uuid,
	"winner_entry_id" uuid,
	"drawn_at" timestamp with time zone,
	"drawn_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "giveaways_dates_ordered" CHECK ("giveaways"."ends_at" > "giveaways"."starts_at")
);
--> statement-breakpoint
CREATE TABLE "qr_codes" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"slug" text NOT NULL,
	"target" text NOT NULL,
	"utm" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"foreground" text DEFAULT '#1f2a2e' NOT NULL,
	"background" text DEFAULT '#ffffff' NOT NULL,
	"error_correction" text DEFAULT 'M' NOT NULL,
	"logo_image_id" uuid,
	"enabled" boolean DEFAULT true NOT NULL,
	"scan_count" bigint DEFAULT 0 NOT NULL,
	"unique_scan_count" bigint DEFAULT 0 NOT NULL,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "qr_codes_error_correction_known" CHECK ("qr_codes"."error_correction" in ('L','M','Q','H'))
);
--> statement-breakpoint
CREATE TABLE "qr_scans" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"qr_code_id" integer NOT NULL,
	"scanned_at" timestamp with time zone DEFAULT now() NOT NULL,
	"device" text NOT NULL,
	"referrer_host" text,
	"is_unique" boolean NOT NULL
);
--> statement-breakpoint
CREATE TABLE "visualizer_options" (
	"id" serial PRIMARY KEY NOT NULL,
	"category" text NOT NULL,
	"key" text NOT NULL,
	"name" text NOT NULL,
	"swatch" text NOT NULL,
	"accent" text,
	"style" text DEFAULT 'plain' NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "visualizer_renders" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"visitor_key" text NOT NULL,
	"design" jsonb NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"progress" integer DEFAULT 0 NOT NULL,
	"photo_image_id" uuid,
	"result_image_id" uuid,
	"error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "reviews" ADD COLUMN "consent_to_publish" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "reviews" ADD COLUMN "contact_email" text;--> statement-breakpoint
ALTER TABLE "reviews" ADD COLUMN "contact_phone" text;--> statement-breakpoint
ALTER TABLE "reviews" ADD COLUMN "attribution" jsonb;--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "visualizer_design" jsonb;--> statement-breakpoint
ALTER TABLE "giveaway_entries" ADD CONSTRAINT "giveaway_entries_giveaway_id_giveaways_id_fk" FOREIGN KEY ("giveaway_id") REFERENCES "public"."giveaways"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "giveaways" ADD CONSTRAINT "giveaways_image_id_images_id_fk" FOREIGN KEY ("image_id") REFERENCES "public"."images"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "giveaways" ADD CONSTRAINT "giveaways_drawn_by_users_id_fk" FOREIGN KEY ("drawn_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "qr_codes" ADD CONSTRAINT "qr_codes_logo_image_id_images_id_fk" FOREIGN KEY ("logo_image_id") REFERENCES "public"."images"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "qr_codes" ADD CONSTRAINT "qr_codes_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "qr_scans" ADD CONSTRAINT "qr_scans_qr_code_id_qr_codes_id_fk" FOREIGN KEY ("qr_code_id") REFERENCES "public"."qr_codes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "visualizer_renders" ADD CONSTRAINT "visualizer_renders_photo_image_id_images_id_fk" FOREIGN KEY ("photo_image_id") REFERENCES "public"."images"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "visualizer_renders" ADD CONSTRAINT "visualizer_renders_result_image_id_images_id_fk" FOREIGN KEY ("result_image_id") REFERENCES "public"."images"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "giveaway_entries_email_idx" ON "giveaway_entries" USING btree ("giveaway_id","email");--> statement-breakpoint
CREATE UNIQUE INDEX "giveaway_entries_phone_idx" ON "giveaway_entries" USING btree ("giveaway_id","phone");--> statement-breakpoint
CREATE INDEX "giveaway_entries_created_idx" ON "giveaway_entries" USING btree ("giveaway_id","created_at");--> statement-breakpoint
CREATE INDEX "giveaways_dates_idx" ON "giveaways" USING btree ("starts_at","ends_at");--> statement-breakpoint
CREATE UNIQUE INDEX "qr_codes_slug_idx" ON "qr_codes" USING btree ("slug");--> statement-breakpoint
CREATE INDEX "qr_scans_code_idx" ON "qr_scans" USING btree ("qr_code_id","scanned_at");--> statement-breakpoint
CREATE UNIQUE INDEX "visualizer_options_key_idx" ON "visualizer_options" USING btree ("category","key");--> statement-breakpoint
CREATE INDEX "visualizer_renders_visitor_idx" ON "visualizer_renders" USING btree ("visitor_key","created_at");