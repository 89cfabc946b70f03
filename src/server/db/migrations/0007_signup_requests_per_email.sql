ALTER TABLE "signup_requests" DROP CONSTRAINT "signup_requests_email_unique";--> statement-breakpoint
CREATE INDEX "signup_requests_email_idx" ON "signup_requests" USING btree ("email");