ALTER TABLE "standing_clearances" DROP CONSTRAINT "standing_clearances_status_ck";--> statement-breakpoint
ALTER TABLE "standing_clearances" DROP CONSTRAINT "standing_clearances_issued_ck";--> statement-breakpoint
ALTER TABLE "standing_clearances" ADD COLUMN "deemed" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "standing_clearances" ADD COLUMN "consent_utility_id" uuid;--> statement-breakpoint
ALTER TABLE "standing_clearances" ADD COLUMN "consent_role" text;--> statement-breakpoint
ALTER TABLE "standing_clearances" ADD COLUMN "consented_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "standing_clearances" ADD COLUMN "consented_by_user_id" uuid;--> statement-breakpoint
ALTER TABLE "standing_clearances" ADD CONSTRAINT "standing_clearances_consent_utility_id_transco_discom_id_fk" FOREIGN KEY ("consent_utility_id") REFERENCES "public"."transco_discom"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "standing_clearances" ADD CONSTRAINT "standing_clearances_consented_by_user_id_users_id_fk" FOREIGN KEY ("consented_by_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "standing_clearances_consent_idx" ON "standing_clearances" USING btree ("consent_utility_id","created_on");--> statement-breakpoint
ALTER TABLE "standing_clearances" ADD CONSTRAINT "standing_clearances_status_ck" CHECK ("standing_clearances"."status" in ('Submitted', 'ConsentPending', 'Verified', 'Issued', 'Refused', 'Revoked', 'Expired'));--> statement-breakpoint
ALTER TABLE "standing_clearances" ADD CONSTRAINT "standing_clearances_issued_ck" CHECK ("standing_clearances"."status" not in ('Issued', 'Revoked', 'Expired') or ("standing_clearances"."certificate_no" is not null and "standing_clearances"."verification_code" is not null and "standing_clearances"."issued_at" is not null));