CREATE TABLE "processing_run_items" (
	"run_id" uuid NOT NULL,
	"application_id" uuid NOT NULL,
	"outcome" text NOT NULL,
	"position" integer NOT NULL,
	"requested_centi_blocks" integer NOT NULL,
	"granted_centi_blocks" integer NOT NULL,
	CONSTRAINT "processing_run_items_run_id_application_id_pk" PRIMARY KEY("run_id","application_id")
);
--> statement-breakpoint
CREATE TABLE "processing_runs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"type" text NOT NULL,
	"processing_date" date NOT NULL,
	"status" text NOT NULL,
	"started_by" uuid NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"finished_at" timestamp with time zone NOT NULL,
	"application_count" integer DEFAULT 0 NOT NULL,
	"approved_count" integer DEFAULT 0 NOT NULL,
	"partially_approved_count" integer DEFAULT 0 NOT NULL,
	"rejected_count" integer DEFAULT 0 NOT NULL,
	"congested_block_count" integer DEFAULT 0 NOT NULL,
	"result" jsonb NOT NULL,
	CONSTRAINT "processing_runs_status_ck" CHECK ("processing_runs"."status" in ('Completed', 'Congested'))
);
--> statement-breakpoint
ALTER TABLE "processing_run_items" ADD CONSTRAINT "processing_run_items_run_id_processing_runs_id_fk" FOREIGN KEY ("run_id") REFERENCES "public"."processing_runs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "processing_run_items" ADD CONSTRAINT "processing_run_items_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "processing_runs" ADD CONSTRAINT "processing_runs_started_by_users_id_fk" FOREIGN KEY ("started_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "processing_run_items_application_idx" ON "processing_run_items" USING btree ("application_id");--> statement-breakpoint
CREATE UNIQUE INDEX "processing_runs_type_date_uq" ON "processing_runs" USING btree ("type","processing_date");--> statement-breakpoint
CREATE INDEX "processing_runs_date_idx" ON "processing_runs" USING btree ("processing_date");