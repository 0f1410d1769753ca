CREATE TABLE "tds_challans" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"payer_user_id" uuid NOT NULL,
	"month" text NOT NULL,
	"challan_no" text NOT NULL,
	"bsr_code" text NOT NULL,
	"challan_date" date NOT NULL,
	"amount_paise" bigint NOT NULL,
	"late_months" integer DEFAULT 0 NOT NULL,
	"interest_paise" bigint DEFAULT 0 NOT NULL,
	"interest_due_id" uuid,
	"file_id" uuid,
	"status" text DEFAULT 'PENDING' NOT NULL,
	"made_by" uuid NOT NULL,
	"made_at" timestamp with time zone NOT NULL,
	"checked_by" uuid,
	"checked_at" timestamp with time zone,
	"remarks" text
);
--> statement-breakpoint
ALTER TABLE "tds_challans" ADD CONSTRAINT "tds_challans_payer_user_id_users_id_fk" FOREIGN KEY ("payer_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tds_challans" ADD CONSTRAINT "tds_challans_interest_due_id_dues_id_fk" FOREIGN KEY ("interest_due_id") REFERENCES "public"."dues"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tds_challans" ADD CONSTRAINT "tds_challans_file_id_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."files"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tds_challans" ADD CONSTRAINT "tds_challans_made_by_users_id_fk" FOREIGN KEY ("made_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tds_challans" ADD CONSTRAINT "tds_challans_checked_by_users_id_fk" FOREIGN KEY ("checked_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "tds_challans_payer_month_idx" ON "tds_challans" USING btree ("payer_user_id","month");--> statement-breakpoint
CREATE INDEX "tds_challans_status_idx" ON "tds_challans" USING btree ("status","made_at");--> statement-breakpoint
CREATE UNIQUE INDEX "tds_challans_cin_live_uq" ON "tds_challans" USING btree ("bsr_code","challan_date","challan_no") WHERE "tds_challans"."status" <> 'REVERTED';