CREATE TABLE "affiliate_accounts" (
	"id" text PRIMARY KEY NOT NULL,
	"account_id" text NOT NULL,
	"provider_id" text NOT NULL,
	"user_id" uuid NOT NULL,
	"access_token" text,
	"refresh_token" text,
	"id_token" text,
	"access_token_expires_at" timestamp with time zone,
	"refresh_token_expires_at" timestamp with time zone,
	"scope" text,
	"password" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "affiliate_codes" (
	"code" text NOT NULL,
	"affiliate_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "affiliate_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"affiliate_id" uuid,
	"event_type" text NOT NULL,
	"details" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "affiliate_sessions" (
	"id" text PRIMARY KEY NOT NULL,
	"token" text NOT NULL,
	"user_id" uuid NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"ip_address" text,
	"user_agent" text,
	"assurance_level" text DEFAULT 'aal1' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "affiliate_sessions_token_unique" UNIQUE("token")
);
--> statement-breakpoint
CREATE TABLE "affiliate_two_factors" (
	"id" text PRIMARY KEY NOT NULL,
	"secret" text NOT NULL,
	"backup_codes" text NOT NULL,
	"user_id" uuid NOT NULL,
	"verified" boolean DEFAULT true,
	"failed_verification_count" integer DEFAULT 0,
	"locked_until" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "affiliate_users" (
	"id" uuid PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"email_verified" boolean DEFAULT false NOT NULL,
	"image" text,
	"two_factor_enabled" boolean DEFAULT false,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "affiliate_users_email_unique" UNIQUE("email")
);
--> statement-breakpoint
CREATE TABLE "affiliate_verifications" (
	"id" text PRIMARY KEY NOT NULL,
	"identifier" text NOT NULL,
	"value" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "affiliates" DROP CONSTRAINT "affiliates_code_unique";--> statement-breakpoint
DROP INDEX "login_attempts_email_idx";--> statement-breakpoint
ALTER TABLE "affiliates" ALTER COLUMN "id" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "affiliates" ALTER COLUMN "status" SET DEFAULT 'pending';--> statement-breakpoint
ALTER TABLE "affiliates" ADD COLUMN "phone" text;--> statement-breakpoint
ALTER TABLE "affiliates" ADD COLUMN "company" text;--> statement-breakpoint
ALTER TABLE "affiliates" ADD COLUMN "how_they_know" text;--> statement-breakpoint
ALTER TABLE "affiliates" ADD COLUMN "status_reason" text;--> statement-breakpoint
ALTER TABLE "affiliates" ADD COLUMN "payout_details" text;--> statement-breakpoint
ALTER TABLE "affiliates" ADD COLUMN "last_login_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "affiliates" ADD COLUMN "approved_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "affiliates" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "self_referral" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "login_attempts" ADD COLUMN "realm" text DEFAULT 'staff' NOT NULL;--> statement-breakpoint
ALTER TABLE "login_lockouts" ADD COLUMN "realm" text DEFAULT 'staff' NOT NULL;--> statement-breakpoint
ALTER TABLE "login_lockouts" DROP CONSTRAINT "login_lockouts_pkey";--> statement-breakpoint
ALTER TABLE "login_lockouts" ADD CONSTRAINT "login_lockouts_realm_email_pk" PRIMARY KEY("realm","email");--> statement-breakpoint
ALTER TABLE "affiliate_accounts" ADD CONSTRAINT "affiliate_accounts_user_id_affiliate_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."affiliate_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "affiliate_codes" ADD CONSTRAINT "affiliate_codes_affiliate_id_affiliate_users_id_fk" FOREIGN KEY ("affiliate_id") REFERENCES "public"."affiliate_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "affiliate_events" ADD CONSTRAINT "affiliate_events_affiliate_id_affiliate_users_id_fk" FOREIGN KEY ("affiliate_id") REFERENCES "public"."affiliate_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "affiliate_sessions" ADD CONSTRAINT "affiliate_sessions_user_id_affiliate_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."affiliate_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "affiliate_two_factors" ADD CONSTRAINT "affiliate_two_factors_user_id_affiliate_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."affiliate_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "affiliate_accounts_user_idx" ON "affiliate_accounts" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "affiliate_codes_code_idx" ON "affiliate_codes" USING btree (lower("code"));--> statement-breakpoint
CREATE INDEX "affiliate_events_affiliate_idx" ON "affiliate_events" USING btree ("affiliate_id","created_at");--> statement-breakpoint
CREATE INDEX "affiliate_sessions_user_idx" ON "affiliate_sessions" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "affiliate_two_factors_user_idx" ON "affiliate_two_factors" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "affiliate_two_factors_secret_idx" ON "affiliate_two_factors" USING btree ("secret");--> statement-breakpoint
CREATE INDEX "affiliate_verifications_identifier_idx" ON "affiliate_verifications" USING btree ("identifier");--> statement-breakpoint
-- Affiliates from before accounts existed get an account without a password (they are
-- invited to choose one), their statuses the programme's names, and their codes a history.
INSERT INTO "affiliate_users" ("id", "name", "email", "created_at", "updated_at") SELECT "id", "name", lower("email"), "created_at", "created_at" FROM "affiliates";--> statement-breakpoint
UPDATE "affiliates" SET "status" = CASE "status" WHEN 'active' THEN 'approved' WHEN 'paused' THEN 'disabled' ELSE "status" END, "approved_at" = CASE WHEN "status" = 'active' THEN "created_at" END, "email" = lower("email");--> statement-breakpoint
INSERT INTO "affiliate_codes" ("code", "affiliate_id", "created_at") SELECT "code", "id", "created_at" FROM "affiliates";--> statement-breakpoint
ALTER TABLE "affiliates" ADD CONSTRAINT "affiliates_id_affiliate_users_id_fk" FOREIGN KEY ("id") REFERENCES "public"."affiliate_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "affiliates_code_idx" ON "affiliates" USING btree (lower("code"));--> statement-breakpoint
CREATE INDEX "login_attempts_email_idx" ON "login_attempts" USING btree ("realm","email","created_at");