CREATE TABLE "commissions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"affiliate_id" uuid NOT NULL,
	"lead_id" uuid,
	"kind" text DEFAULT 'commission' NOT NULL,
	"corrects_id" uuid,
	"status" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"job_value_cents" integer,
	"rule" jsonb,
	"won_at" timestamp with time zone,
	"hold_ends_at" timestamp with time zone,
	"approved_at" timestamp with time zone,
	"paid_at" timestamp with time zone,
	"payout_id" uuid,
	"void_reason" text,
	"note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payouts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"affiliate_id" uuid NOT NULL,
	"amount_cents" integer NOT NULL,
	"method" text NOT NULL,
	"reference" text,
	"paid_on" date NOT NULL,
	"status" text DEFAULT 'recorded' NOT NULL,
	"void_reason" text,
	"request_key" text NOT NULL,
	"recorded_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payouts_requestKey_unique" UNIQUE("request_key")
);
--> statement-breakpoint
ALTER TABLE "company_settings" ADD COLUMN "commission_flat_cents" integer DEFAULT 50000;--> statement-breakpoint
ALTER TABLE "company_settings" ADD COLUMN "commission_percent_basis_points" integer;--> statement-breakpoint
ALTER TABLE "company_settings" ADD COLUMN "commission_percent_cap_cents" integer;--> statement-breakpoint
ALTER TABLE "company_settings" ADD COLUMN "commission_combination" text DEFAULT 'greater' NOT NULL;--> statement-breakpoint
ALTER TABLE "company_settings" ADD COLUMN "commission_min_job_value_cents" integer DEFAULT 500000 NOT NULL;--> statement-breakpoint
ALTER TABLE "company_settings" ADD COLUMN "commission_hold_days" integer DEFAULT 30 NOT NULL;--> statement-breakpoint
ALTER TABLE "company_settings" ADD COLUMN "minimum_payout_cents" integer DEFAULT 5000 NOT NULL;--> statement-breakpoint
ALTER TABLE "affiliates" ADD COLUMN "commission_rule" jsonb;--> statement-breakpoint
ALTER TABLE "commissions" ADD CONSTRAINT "commissions_affiliate_id_affiliates_id_fk" FOREIGN KEY ("affiliate_id") REFERENCES "public"."affiliates"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "commissions" ADD CONSTRAINT "commissions_lead_id_leads_id_fk" FOREIGN KEY ("lead_id") REFERENCES "public"."leads"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "commissions" ADD CONSTRAINT "commissions_payout_id_payouts_id_fk" FOREIGN KEY ("payout_id") REFERENCES "public"."payouts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payouts" ADD CONSTRAINT "payouts_affiliate_id_affiliates_id_fk" FOREIGN KEY ("affiliate_id") REFERENCES "public"."affiliates"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payouts" ADD CONSTRAINT "payouts_recorded_by_users_id_fk" FOREIGN KEY ("recorded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "commissions_affiliate_idx" ON "commissions" USING btree ("affiliate_id","created_at");--> statement-breakpoint
CREATE INDEX "commissions_due_idx" ON "commissions" USING btree ("status","hold_ends_at");--> statement-breakpoint
CREATE UNIQUE INDEX "commissions_live_lead_idx" ON "commissions" USING btree ("lead_id") WHERE "commissions"."kind" = 'commission' and "commissions"."status" <> 'void';--> statement-breakpoint
CREATE INDEX "payouts_affiliate_idx" ON "payouts" USING btree ("affiliate_id","paid_on");