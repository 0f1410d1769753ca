CREATE SEQUENCE "public"."revision_no_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1;--> statement-breakpoint
CREATE SEQUENCE "public"."curtailment_no_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1;--> statement-breakpoint
CREATE SEQUENCE "public"."ebidding_invitation_no_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1;--> statement-breakpoint
CREATE TABLE "revision_actions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"revision_id" uuid NOT NULL,
	"action" text NOT NULL,
	"to_status" text NOT NULL,
	"actor_user_id" uuid,
	"actor_role" text,
	"remarks" text,
	"created_on" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "revision_rows" (
	"revision_id" uuid NOT NULL,
	"row_no" integer NOT NULL,
	"from_date" date NOT NULL,
	"to_date" date NOT NULL,
	"from_block" integer NOT NULL,
	"to_block" integer NOT NULL,
	"revised_centi" integer NOT NULL,
	CONSTRAINT "revision_rows_revision_id_row_no_pk" PRIMARY KEY("revision_id","row_no"),
	CONSTRAINT "revision_rows_blocks_ck" CHECK (1 <= "revision_rows"."from_block" and "revision_rows"."from_block" <= "revision_rows"."to_block" and "revision_rows"."to_block" <= 96),
	CONSTRAINT "revision_rows_dates_ck" CHECK ("revision_rows"."from_date" <= "revision_rows"."to_date"),
	CONSTRAINT "revision_rows_revised_ck" CHECK ("revision_rows"."revised_centi" >= 0)
);
--> statement-breakpoint
CREATE TABLE "revisions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"revision_no" text NOT NULL,
	"application_id" uuid NOT NULL,
	"status" text NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"requested_by_user_id" uuid NOT NULL,
	"requested_at" timestamp with time zone NOT NULL,
	"effective_date" date NOT NULL,
	"effective_block" integer NOT NULL,
	"remarks" text,
	"decided_by_user_id" uuid,
	"decided_at" timestamp with time zone,
	"decision_remarks" text,
	"schedule_version" integer,
	"reduced_centi_blocks" bigint DEFAULT 0 NOT NULL,
	"retained_centi_blocks" bigint DEFAULT 0 NOT NULL,
	"released_centi_blocks" bigint DEFAULT 0 NOT NULL,
	"updated_on" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "revisions_status_ck" CHECK ("revisions"."status" in ('Requested', 'Approved', 'Rejected')),
	CONSTRAINT "revisions_block_ck" CHECK (1 <= "revisions"."effective_block" and "revisions"."effective_block" <= 96)
);
--> statement-breakpoint
CREATE TABLE "schedule_version_days" (
	"application_id" uuid NOT NULL,
	"version_no" integer NOT NULL,
	"day" date NOT NULL,
	"granted" integer[] NOT NULL,
	CONSTRAINT "schedule_version_days_application_id_version_no_day_pk" PRIMARY KEY("application_id","version_no","day"),
	CONSTRAINT "schedule_version_days_granted_ck" CHECK (cardinality("schedule_version_days"."granted") = 96 and array_position("schedule_version_days"."granted", null) is null and 0 <= all("schedule_version_days"."granted"))
);
--> statement-breakpoint
CREATE TABLE "schedule_versions" (
	"application_id" uuid NOT NULL,
	"version_no" integer NOT NULL,
	"revision_id" uuid,
	"created_by_user_id" uuid,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "schedule_versions_application_id_version_no_pk" PRIMARY KEY("application_id","version_no"),
	CONSTRAINT "schedule_versions_no_ck" CHECK ("schedule_versions"."version_no" >= 0)
);
--> statement-breakpoint
CREATE TABLE "curtailment_items" (
	"curtailment_id" uuid NOT NULL,
	"application_id" uuid NOT NULL,
	"day" date NOT NULL,
	"before" integer[] NOT NULL,
	"after" integer[] NOT NULL,
	"curtailed_centi_blocks" integer NOT NULL,
	"refund_paise" integer,
	CONSTRAINT "curtailment_items_curtailment_id_application_id_pk" PRIMARY KEY("curtailment_id","application_id"),
	CONSTRAINT "curtailment_items_arrays_ck" CHECK (cardinality("curtailment_items"."before") = 96 and cardinality("curtailment_items"."after") = 96)
);
--> statement-breakpoint
CREATE TABLE "curtailments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"curtailment_no" text NOT NULL,
	"element" text NOT NULL,
	"element_key" text NOT NULL,
	"curtailment_date" date NOT NULL,
	"from_block" integer NOT NULL,
	"to_block" integer NOT NULL,
	"basis" text NOT NULL,
	"quantum_centi" integer NOT NULL,
	"cause" text NOT NULL,
	"curtailment_order" text NOT NULL,
	"remarks" text NOT NULL,
	"curtailed_centi_blocks" integer NOT NULL,
	"refund_paise" integer,
	"charge_rate" numeric(14, 4),
	"charge_unit" text,
	"gst_rate_percent" numeric(6, 2),
	"refund_note" text NOT NULL,
	"created_by" uuid NOT NULL,
	"created_on" timestamp with time zone NOT NULL,
	CONSTRAINT "curtailments_blocks_ck" CHECK (1 <= "curtailments"."from_block" and "curtailments"."from_block" <= "curtailments"."to_block" and "curtailments"."to_block" <= 96),
	CONSTRAINT "curtailments_basis_ck" CHECK ("curtailments"."basis" in ('Reduction', 'NewCapacity')),
	CONSTRAINT "curtailments_cause_ck" CHECK ("curtailments"."cause" in ('TransmissionConstraint', 'Other')),
	CONSTRAINT "curtailments_quantum_ck" CHECK ("curtailments"."quantum_centi" >= 0)
);
--> statement-breakpoint
CREATE TABLE "ebidding_applications" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"invitation_id" uuid NOT NULL,
	"application_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"applied_centi" integer NOT NULL,
	"status" text DEFAULT 'Invited' NOT NULL,
	"allocated_centi" integer,
	"applicable_price_tt" integer,
	"due_id" uuid,
	CONSTRAINT "ebidding_applications_status_ck" CHECK ("ebidding_applications"."status" in ('Invited', 'Withdrawn', 'Allocated', 'PartiallyAllocated', 'Rejected'))
);
--> statement-breakpoint
CREATE TABLE "ebidding_invitations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"bid_invitation_no" text NOT NULL,
	"status" text NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"date_of_invitation" date,
	"congestion_from_date" date,
	"congestion_to_date" date,
	"congestion_from_time" text,
	"congestion_to_time" text,
	"available_margin_centi" integer,
	"last_date_of_submission" date,
	"dead_line" text,
	"deadline_at" timestamp with time zone,
	"bid_opening_date" date,
	"bid_opening_time" text,
	"bid_opening_at" timestamp with time zone,
	"floor_price_tt" integer,
	"texts" jsonb NOT NULL,
	"created_by" uuid NOT NULL,
	"sent_by" uuid,
	"sent_at" timestamp with time zone,
	"processed_by" uuid,
	"processed_at" timestamp with time zone,
	"reminder_sent_at" timestamp with time zone,
	"closed_at" timestamp with time zone,
	"created_on" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_on" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ebidding_invitations_status_ck" CHECK ("ebidding_invitations"."status" in ('Draft', 'Initiated', 'Submitted', 'Completed', 'Expired')),
	CONSTRAINT "ebidding_invitations_margin_ck" CHECK ("ebidding_invitations"."available_margin_centi" is null or "ebidding_invitations"."available_margin_centi" >= 0),
	CONSTRAINT "ebidding_invitations_floor_ck" CHECK ("ebidding_invitations"."floor_price_tt" is null or "ebidding_invitations"."floor_price_tt" >= 0),
	CONSTRAINT "ebidding_invitations_sent_ck" CHECK ("ebidding_invitations"."status" = 'Draft' or ("ebidding_invitations"."deadline_at" is not null and "ebidding_invitations"."floor_price_tt" is not null and "ebidding_invitations"."available_margin_centi" is not null))
);
--> statement-breakpoint
CREATE TABLE "ebidding_proposals" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"invitation_id" uuid NOT NULL,
	"e_bidding_application_id" uuid NOT NULL,
	"application_id" uuid NOT NULL,
	"status" text NOT NULL,
	"quoted_price_tt" integer NOT NULL,
	"place" text,
	"authorized_person_name" text,
	"authorized_person_designation" text,
	"created_by" uuid NOT NULL,
	"submitted_by" uuid,
	"submitted_at" timestamp with time zone,
	"created_on" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_on" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ebidding_proposals_status_ck" CHECK ("ebidding_proposals"."status" in ('Draft', 'Submitted', 'Completed')),
	CONSTRAINT "ebidding_proposals_price_ck" CHECK ("ebidding_proposals"."quoted_price_tt" >= 0),
	CONSTRAINT "ebidding_proposals_submitted_ck" CHECK ("ebidding_proposals"."status" = 'Draft' or "ebidding_proposals"."submitted_at" is not null)
);
--> statement-breakpoint
ALTER TABLE "revision_actions" ADD CONSTRAINT "revision_actions_revision_id_revisions_id_fk" FOREIGN KEY ("revision_id") REFERENCES "public"."revisions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "revision_actions" ADD CONSTRAINT "revision_actions_actor_user_id_users_id_fk" FOREIGN KEY ("actor_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "revision_rows" ADD CONSTRAINT "revision_rows_revision_id_revisions_id_fk" FOREIGN KEY ("revision_id") REFERENCES "public"."revisions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "revisions" ADD CONSTRAINT "revisions_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "revisions" ADD CONSTRAINT "revisions_requested_by_user_id_users_id_fk" FOREIGN KEY ("requested_by_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "revisions" ADD CONSTRAINT "revisions_decided_by_user_id_users_id_fk" FOREIGN KEY ("decided_by_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "schedule_version_days" ADD CONSTRAINT "schedule_version_days_version_fk" FOREIGN KEY ("application_id","version_no") REFERENCES "public"."schedule_versions"("application_id","version_no") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "schedule_versions" ADD CONSTRAINT "schedule_versions_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "schedule_versions" ADD CONSTRAINT "schedule_versions_revision_id_revisions_id_fk" FOREIGN KEY ("revision_id") REFERENCES "public"."revisions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "schedule_versions" ADD CONSTRAINT "schedule_versions_created_by_user_id_users_id_fk" FOREIGN KEY ("created_by_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "curtailment_items" ADD CONSTRAINT "curtailment_items_curtailment_id_curtailments_id_fk" FOREIGN KEY ("curtailment_id") REFERENCES "public"."curtailments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "curtailment_items" ADD CONSTRAINT "curtailment_items_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "curtailments" ADD CONSTRAINT "curtailments_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ebidding_applications" ADD CONSTRAINT "ebidding_applications_invitation_id_ebidding_invitations_id_fk" FOREIGN KEY ("invitation_id") REFERENCES "public"."ebidding_invitations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ebidding_applications" ADD CONSTRAINT "ebidding_applications_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ebidding_applications" ADD CONSTRAINT "ebidding_applications_due_id_dues_id_fk" FOREIGN KEY ("due_id") REFERENCES "public"."dues"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ebidding_invitations" ADD CONSTRAINT "ebidding_invitations_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ebidding_invitations" ADD CONSTRAINT "ebidding_invitations_sent_by_users_id_fk" FOREIGN KEY ("sent_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ebidding_invitations" ADD CONSTRAINT "ebidding_invitations_processed_by_users_id_fk" FOREIGN KEY ("processed_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ebidding_proposals" ADD CONSTRAINT "ebidding_proposals_invitation_id_ebidding_invitations_id_fk" FOREIGN KEY ("invitation_id") REFERENCES "public"."ebidding_invitations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ebidding_proposals" ADD CONSTRAINT "ebidding_proposals_e_bidding_application_id_ebidding_applications_id_fk" FOREIGN KEY ("e_bidding_application_id") REFERENCES "public"."ebidding_applications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ebidding_proposals" ADD CONSTRAINT "ebidding_proposals_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ebidding_proposals" ADD CONSTRAINT "ebidding_proposals_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ebidding_proposals" ADD CONSTRAINT "ebidding_proposals_submitted_by_users_id_fk" FOREIGN KEY ("submitted_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "revision_actions_revision_idx" ON "revision_actions" USING btree ("revision_id","created_on");--> statement-breakpoint
CREATE UNIQUE INDEX "revisions_no_uq" ON "revisions" USING btree ("revision_no");--> statement-breakpoint
CREATE INDEX "revisions_requested_idx" ON "revisions" USING btree ("requested_at","id");--> statement-breakpoint
CREATE INDEX "revisions_status_requested_idx" ON "revisions" USING btree ("status","requested_at","id");--> statement-breakpoint
CREATE INDEX "revisions_application_idx" ON "revisions" USING btree ("application_id","requested_at");--> statement-breakpoint
CREATE INDEX "curtailment_items_application_idx" ON "curtailment_items" USING btree ("application_id","curtailment_id");--> statement-breakpoint
CREATE UNIQUE INDEX "curtailments_no_uq" ON "curtailments" USING btree ("curtailment_no");--> statement-breakpoint
CREATE INDEX "curtailments_date_idx" ON "curtailments" USING btree ("curtailment_date","created_on","id");--> statement-breakpoint
CREATE INDEX "curtailments_element_date_idx" ON "curtailments" USING btree ("element_key","curtailment_date");--> statement-breakpoint
CREATE UNIQUE INDEX "ebidding_applications_invitation_application_uq" ON "ebidding_applications" USING btree ("invitation_id","application_id");--> statement-breakpoint
CREATE INDEX "ebidding_applications_application_idx" ON "ebidding_applications" USING btree ("application_id");--> statement-breakpoint
CREATE UNIQUE INDEX "ebidding_invitations_no_uq" ON "ebidding_invitations" USING btree ("bid_invitation_no");--> statement-breakpoint
CREATE INDEX "ebidding_invitations_created_idx" ON "ebidding_invitations" USING btree ("created_on","id");--> statement-breakpoint
CREATE INDEX "ebidding_invitations_status_deadline_idx" ON "ebidding_invitations" USING btree ("status","deadline_at");--> statement-breakpoint
CREATE UNIQUE INDEX "ebidding_proposals_application_uq" ON "ebidding_proposals" USING btree ("e_bidding_application_id");--> statement-breakpoint
CREATE INDEX "ebidding_proposals_invitation_idx" ON "ebidding_proposals" USING btree ("invitation_id","status");--> statement-breakpoint
CREATE INDEX "ebidding_proposals_created_by_idx" ON "ebidding_proposals" USING btree ("created_by","updated_on");--> statement-breakpoint
-- Default curtailment order (DOMAIN.md §3: pro-rata across the affected STOA schedules; decision 0014).
INSERT INTO "settings" ("key", "value", "effective_from") VALUES ('curtailmentOrder', 'ProRata', '2000-01-01');
