CREATE TABLE "standing_clearance_cap_alerts" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "standing_clearance_cap_alerts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"standing_clearance_id" uuid NOT NULL,
	"usage_date" date NOT NULL,
	"notified_on" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "inter_state_consents" DROP CONSTRAINT "inter_state_consents_status_ck";--> statement-breakpoint
ALTER TABLE "inter_state_consents" DROP CONSTRAINT "inter_state_consents_consented_ck";--> statement-breakpoint
ALTER TABLE "standing_clearance_utilisation" ADD COLUMN "source" text DEFAULT 'PowerExchange' NOT NULL;--> statement-breakpoint
ALTER TABLE "standing_clearances" ADD COLUMN "block_caps" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "inter_state_consents" ADD COLUMN "revoked_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "inter_state_consents" ADD COLUMN "revoked_by_user_id" uuid;--> statement-breakpoint
ALTER TABLE "inter_state_consents" ADD COLUMN "revocation_reason" text;--> statement-breakpoint
ALTER TABLE "standing_clearance_cap_alerts" ADD CONSTRAINT "standing_clearance_cap_alerts_standing_clearance_id_standing_clearances_id_fk" FOREIGN KEY ("standing_clearance_id") REFERENCES "public"."standing_clearances"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "standing_clearance_cap_alerts_uq" ON "standing_clearance_cap_alerts" USING btree ("standing_clearance_id","usage_date");--> statement-breakpoint
ALTER TABLE "inter_state_consents" ADD CONSTRAINT "inter_state_consents_revoked_by_user_id_users_id_fk" FOREIGN KEY ("revoked_by_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "standing_clearance_utilisation" ADD CONSTRAINT "standing_clearance_utilisation_source_ck" CHECK ("standing_clearance_utilisation"."source" in ('PowerExchange', 'Noar'));--> statement-breakpoint
ALTER TABLE "inter_state_consents" ADD CONSTRAINT "inter_state_consents_revoked_ck" CHECK ("inter_state_consents"."status" <> 'Revoked' or ("inter_state_consents"."revoked_at" is not null and "inter_state_consents"."revoked_by_user_id" is not null and "inter_state_consents"."revocation_reason" is not null));--> statement-breakpoint
ALTER TABLE "inter_state_consents" ADD CONSTRAINT "inter_state_consents_status_ck" CHECK ("inter_state_consents"."status" in ('Draft', 'Submitted', 'Verified', 'Consented', 'PartiallyConsented', 'Refused', 'Revoked'));--> statement-breakpoint
ALTER TABLE "inter_state_consents" ADD CONSTRAINT "inter_state_consents_consented_ck" CHECK ("inter_state_consents"."status" not in ('Consented', 'PartiallyConsented', 'Revoked') or ("inter_state_consents"."certificate_no" is not null and "inter_state_consents"."verification_code" is not null));