CREATE TABLE "bank_details" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"bank_name" text NOT NULL,
	"account_name" text NOT NULL,
	"account_number" text NOT NULL,
	"ifsc" text NOT NULL,
	"branch" text NOT NULL,
	"effective_from" date NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "charge_rates" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"head" text NOT NULL,
	"unit" text NOT NULL,
	"amount" numeric(14, 4) NOT NULL,
	"gst_rate_percent" numeric(6, 2) NOT NULL,
	"effective_from" date NOT NULL,
	"remarks" text,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "dues" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"payer_user_id" uuid NOT NULL,
	"head" text NOT NULL,
	"description" text NOT NULL,
	"record_type" text NOT NULL,
	"record_id" text NOT NULL,
	"rate_id" uuid NOT NULL,
	"quantity" numeric(18, 4) NOT NULL,
	"rate" numeric(14, 4) NOT NULL,
	"unit" text NOT NULL,
	"base_amount_paise" bigint NOT NULL,
	"gst_rate_percent" numeric(6, 2) NOT NULL,
	"gst_amount_paise" bigint NOT NULL,
	"total_paise" bigint NOT NULL,
	"due_date" date NOT NULL,
	"status" text DEFAULT 'DUE' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "holidays" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"date" date NOT NULL,
	"description" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "settings" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"key" text NOT NULL,
	"value" text NOT NULL,
	"effective_from" date NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "dues" ADD CONSTRAINT "dues_payer_user_id_users_id_fk" FOREIGN KEY ("payer_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dues" ADD CONSTRAINT "dues_rate_id_charge_rates_id_fk" FOREIGN KEY ("rate_id") REFERENCES "public"."charge_rates"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "bank_details_from_uq" ON "bank_details" USING btree ("effective_from");--> statement-breakpoint
CREATE UNIQUE INDEX "charge_rates_head_from_uq" ON "charge_rates" USING btree ("head","effective_from");--> statement-breakpoint
CREATE INDEX "dues_payer_idx" ON "dues" USING btree ("payer_user_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "dues_record_head_uq" ON "dues" USING btree ("record_type","record_id","head");--> statement-breakpoint
CREATE UNIQUE INDEX "holidays_date_uq" ON "holidays" USING btree ("date");--> statement-breakpoint
CREATE UNIQUE INDEX "settings_key_from_uq" ON "settings" USING btree ("key","effective_from");