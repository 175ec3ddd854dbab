CREATE TABLE "company_settings" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"name" text NOT NULL,
	"phone" text NOT NULL,
	"email" text NOT NULL,
	"street_address" text NOT NULL,
	"address_locality" text NOT NULL,
	"address_region" text NOT NULL,
	"postal_code" text NOT NULL,
	"address_country" text NOT NULL,
	"latitude" double precision NOT NULL,
	"longitude" double precision NOT NULL,
	"opening_hours" jsonb NOT NULL,
	"financing_url" text NOT NULL,
	"payments_url" text NOT NULL,
	"review_url" text NOT NULL,
	"facebook_url" text NOT NULL,
	"instagram_url" text NOT NULL,
	"rating_value" numeric(2, 1) NOT NULL,
	"rating_count" integer NOT NULL,
	"projects_count" integer NOT NULL,
	"founded_year" integer NOT NULL,
	"price_range" text NOT NULL,
	"service_area_latitude" double precision NOT NULL,
	"service_area_longitude" double precision NOT NULL,
	"service_radius_meters" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "company_settings_single_row" CHECK ("company_settings"."id" = 1)
);
--> statement-breakpoint
CREATE TABLE "housekeeping_runs" (
	"id" serial PRIMARY KEY NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"finished_at" timestamp with time zone NOT NULL,
	"results" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
