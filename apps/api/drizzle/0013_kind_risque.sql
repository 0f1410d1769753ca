ALTER TABLE "ebidding_proposals" DROP CONSTRAINT "ebidding_proposals_status_ck";--> statement-breakpoint
ALTER TABLE "ebidding_proposals" DROP CONSTRAINT "ebidding_proposals_submitted_ck";--> statement-breakpoint
ALTER TABLE "ebidding_proposals" ADD CONSTRAINT "ebidding_proposals_status_ck" CHECK ("ebidding_proposals"."status" in ('Draft', 'Submitted', 'Completed', 'Expired'));--> statement-breakpoint
ALTER TABLE "ebidding_proposals" ADD CONSTRAINT "ebidding_proposals_submitted_ck" CHECK ("ebidding_proposals"."status" in ('Draft', 'Expired') or "ebidding_proposals"."submitted_at" is not null);--> statement-breakpoint
-- Data: drafts of applications already deemed withdrawn read Expired (issue 11 item 11, decision 0016).
UPDATE "ebidding_proposals" SET "status" = 'Expired' FROM "ebidding_applications" WHERE "ebidding_applications"."id" = "ebidding_proposals"."e_bidding_application_id" AND "ebidding_applications"."status" = 'Withdrawn' AND "ebidding_proposals"."status" = 'Draft';
