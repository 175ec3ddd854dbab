CREATE TABLE "analytics_daily" (
	"day" date NOT NULL,
	"name" text NOT NULL,
	"path" text DEFAULT '' NOT NULL,
	"referrer_host" text DEFAULT '' NOT NULL,
	"utm_source" text DEFAULT '' NOT NULL,
	"utm_medium" text DEFAULT '' NOT NULL,
	"utm_campaign" text DEFAULT '' NOT NULL,
	"device" text DEFAULT '' NOT NULL,
	"browser" text DEFAULT '' NOT NULL,
	"is_bot" boolean NOT NULL,
	"events" bigint NOT NULL,
	"visitors" bigint NOT NULL,
	"sessions" bigint NOT NULL,
	CONSTRAINT "analytics_daily_pk" PRIMARY KEY("day","name","path","referrer_host","utm_source","utm_medium","utm_campaign","device","browser","is_bot")
);
--> statement-breakpoint
ALTER TABLE "company_settings" ADD COLUMN "analytics_retention_months" integer DEFAULT 13 NOT NULL;--> statement-breakpoint
ALTER TABLE "analytics_events" ADD COLUMN "occurred_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "analytics_events" ADD COLUMN "visitor_id" text;--> statement-breakpoint
ALTER TABLE "analytics_events" ADD COLUMN "session_id" text;--> statement-breakpoint
ALTER TABLE "analytics_events" ADD COLUMN "referrer_host" text;--> statement-breakpoint
ALTER TABLE "analytics_events" ADD COLUMN "device" text;--> statement-breakpoint
ALTER TABLE "analytics_events" ADD COLUMN "browser" text;--> statement-breakpoint
ALTER TABLE "analytics_events" ADD COLUMN "os" text;--> statement-breakpoint
ALTER TABLE "analytics_events" ADD COLUMN "country" text;--> statement-breakpoint
ALTER TABLE "analytics_events" ADD COLUMN "is_bot" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "analytics_events" ADD COLUMN "bot_confidence" real DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "analytics_events" ADD COLUMN "bot_type" text;--> statement-breakpoint
CREATE INDEX "analytics_events_created_idx" ON "analytics_events" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "analytics_events_visitor_idx" ON "analytics_events" USING btree ("visitor_id","created_at") WHERE "analytics_events"."visitor_id" is not null;