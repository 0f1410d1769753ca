CREATE SEQUENCE "public"."registration_no_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1;--> statement-breakpoint
CREATE TABLE "registration_actions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"registration_id" uuid NOT NULL,
	"action" text NOT NULL,
	"from_status" text,
	"to_status" text NOT NULL,
	"actor_user_id" uuid,
	"actor_role" text,
	"remarks" text,
	"created_on" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "registration_file_checks" (
	"registration_id" uuid NOT NULL,
	"field_name" text NOT NULL,
	"file_id" uuid NOT NULL,
	"is_valid" boolean NOT NULL,
	"comments" text,
	"checked_by" uuid,
	"checked_on" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "registration_file_checks_registration_id_field_name_pk" PRIMARY KEY("registration_id","field_name")
);
--> statement-breakpoint
CREATE TABLE "registrations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"entity_type" text NOT NULL,
	"owner_user_id" uuid NOT NULL,
	"status" text NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"registration_no" text,
	"entity_name" text NOT NULL,
	"issuing_authority" text,
	"trading_licence_no" text,
	"discom_id" uuid,
	"transco_id" uuid,
	"data" jsonb NOT NULL,
	"is_renewal" boolean DEFAULT false NOT NULL,
	"previous_registration_id" uuid,
	"submitted_on" timestamp with time zone,
	"status_since" timestamp with time zone DEFAULT now() NOT NULL,
	"valid_from" date,
	"expired_on" date,
	"created_on" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_on" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "trader_associations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"applicant_user_id" uuid NOT NULL,
	"trader_registration_id" uuid NOT NULL,
	"entity_name" text NOT NULL,
	"created_on" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_on" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "registration_actions" ADD CONSTRAINT "registration_actions_registration_id_registrations_id_fk" FOREIGN KEY ("registration_id") REFERENCES "public"."registrations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "registration_actions" ADD CONSTRAINT "registration_actions_actor_user_id_users_id_fk" FOREIGN KEY ("actor_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "registration_file_checks" ADD CONSTRAINT "registration_file_checks_registration_id_registrations_id_fk" FOREIGN KEY ("registration_id") REFERENCES "public"."registrations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "registration_file_checks" ADD CONSTRAINT "registration_file_checks_file_id_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."files"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "registration_file_checks" ADD CONSTRAINT "registration_file_checks_checked_by_users_id_fk" FOREIGN KEY ("checked_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "registrations" ADD CONSTRAINT "registrations_owner_user_id_users_id_fk" FOREIGN KEY ("owner_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "registrations" ADD CONSTRAINT "registrations_discom_id_transco_discom_id_fk" FOREIGN KEY ("discom_id") REFERENCES "public"."transco_discom"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "registrations" ADD CONSTRAINT "registrations_transco_id_transco_discom_id_fk" FOREIGN KEY ("transco_id") REFERENCES "public"."transco_discom"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trader_associations" ADD CONSTRAINT "trader_associations_applicant_user_id_users_id_fk" FOREIGN KEY ("applicant_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trader_associations" ADD CONSTRAINT "trader_associations_trader_registration_id_registrations_id_fk" FOREIGN KEY ("trader_registration_id") REFERENCES "public"."registrations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "registration_actions_registration_idx" ON "registration_actions" USING btree ("registration_id","created_on");--> statement-breakpoint
CREATE INDEX "registrations_owner_idx" ON "registrations" USING btree ("owner_user_id","updated_on");--> statement-breakpoint
CREATE INDEX "registrations_status_idx" ON "registrations" USING btree ("status","updated_on");--> statement-breakpoint
CREATE INDEX "registrations_type_idx" ON "registrations" USING btree ("entity_type","updated_on");--> statement-breakpoint
CREATE INDEX "registrations_discom_idx" ON "registrations" USING btree ("discom_id","updated_on");--> statement-breakpoint
CREATE INDEX "registrations_transco_idx" ON "registrations" USING btree ("transco_id","updated_on");--> statement-breakpoint
CREATE INDEX "registrations_previous_idx" ON "registrations" USING btree ("previous_registration_id");--> statement-breakpoint
CREATE INDEX "registrations_expiry_idx" ON "registrations" USING btree ("expired_on") WHERE status = 'Approved';--> statement-breakpoint
CREATE UNIQUE INDEX "trader_associations_active_uq" ON "trader_associations" USING btree ("applicant_user_id","trader_registration_id") WHERE deleted_on IS NULL;--> statement-breakpoint
CREATE INDEX "trader_associations_trader_idx" ON "trader_associations" USING btree ("trader_registration_id");