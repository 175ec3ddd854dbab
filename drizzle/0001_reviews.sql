CREATE TABLE "reviews" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"town" text NOT NULL,
	"rating" integer NOT NULL,
	"text" text NOT NULL,
	"service" text NOT NULL,
	"reviewed_on" date NOT NULL,
	"source" text NOT NULL,
	"published" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "reviews_rating_range" CHECK ("reviews"."rating" between 1 and 5)
);
--> statement-breakpoint
CREATE INDEX "reviews_published_date_idx" ON "reviews" USING btree ("published","reviewed_on");