-- The contact form's optional Message: nullable, so existing inquiries and waitlist sign-ups keep none.
ALTER TABLE "email_inquiries" ADD COLUMN "message" text;
