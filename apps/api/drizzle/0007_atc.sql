CREATE TABLE "atc_margins" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"mode" text NOT NULL,
	"margin_date" date NOT NULL,
	"element" text NOT NULL,
	"element_key" text NOT NULL,
	"blocks" integer[] NOT NULL,
	"upload_id" uuid,
	"updated_by" uuid,
	"updated_on" timestamp with time zone NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "atc_margins_mode_ck" CHECK ("atc_margins"."mode" in ('IntraState', 'InterState')),
	CONSTRAINT "atc_margins_blocks_ck" CHECK (cardinality("atc_margins"."blocks") = 96 and array_position("atc_margins"."blocks", null) is null and 0 <= all("atc_margins"."blocks"))
);
--> statement-breakpoint
CREATE TABLE "atc_uploads" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"mode" text NOT NULL,
	"file_id" uuid NOT NULL,
	"file_name" text NOT NULL,
	"row_count" integer NOT NULL,
	"element_count" integer NOT NULL,
	"date_from" date NOT NULL,
	"date_to" date NOT NULL,
	"inserted_count" integer NOT NULL,
	"replaced_count" integer NOT NULL,
	"uploaded_by" uuid,
	"uploaded_on" timestamp with time zone NOT NULL,
	CONSTRAINT "atc_uploads_mode_ck" CHECK ("atc_uploads"."mode" in ('IntraState', 'InterState'))
);
--> statement-breakpoint
ALTER TABLE "atc_margins" ADD CONSTRAINT "atc_margins_upload_id_atc_uploads_id_fk" FOREIGN KEY ("upload_id") REFERENCES "public"."atc_uploads"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "atc_margins" ADD CONSTRAINT "atc_margins_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "atc_uploads" ADD CONSTRAINT "atc_uploads_file_id_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."files"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "atc_uploads" ADD CONSTRAINT "atc_uploads_uploaded_by_users_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "atc_margins_mode_date_element_uq" ON "atc_margins" USING btree ("mode","margin_date","element_key");--> statement-breakpoint
CREATE INDEX "atc_margins_upload_idx" ON "atc_margins" USING btree ("upload_id");--> statement-breakpoint
CREATE INDEX "atc_uploads_mode_on_idx" ON "atc_uploads" USING btree ("mode","uploaded_on" DESC NULLS LAST,"id");