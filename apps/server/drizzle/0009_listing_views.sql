CREATE TABLE "listing_views" (
	"listing_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"day" date NOT NULL,
	CONSTRAINT "listing_views_day_listing_id_user_id_pk" PRIMARY KEY("day","listing_id","user_id")
);
--> statement-breakpoint
ALTER TABLE "listing_views" ADD CONSTRAINT "listing_views_listing_id_listings_id_fk" FOREIGN KEY ("listing_id") REFERENCES "public"."listings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "listing_views" ADD CONSTRAINT "listing_views_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;