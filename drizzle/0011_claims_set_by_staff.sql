ALTER TABLE "company_settings" ALTER COLUMN "rating_value" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "company_settings" ALTER COLUMN "rating_count" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "company_settings" ALTER COLUMN "projects_count" DROP NOT NULL;