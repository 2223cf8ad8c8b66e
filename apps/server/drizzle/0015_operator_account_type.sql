ALTER TABLE "users" DROP CONSTRAINT "users_type_valid";--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_type_valid" CHECK ("users"."type" in (0, 1, 2, 3));