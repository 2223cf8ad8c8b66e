-- Sellers and ads.txt (docs/product/programmatic.md): each publisher's random, stable seller id and
-- whether sellers.json names them; the last ads.txt check of each website.
CREATE TABLE "publisher_sellers" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"seller_id" text DEFAULT substr(md5(gen_random_uuid()::text), 1, 16) NOT NULL,
	"confidential" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "website_ads_txt" (
	"website_id" integer PRIMARY KEY NOT NULL,
	"status" text NOT NULL,
	"reason" text NOT NULL,
	"line" text,
	"checked_at" timestamp with time zone NOT NULL,
	CONSTRAINT "website_ads_txt_status_valid" CHECK ("website_ads_txt"."status" in ('present', 'missing', 'wrong'))
);
--> statement-breakpoint
ALTER TABLE "publisher_sellers" ADD CONSTRAINT "publisher_sellers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "website_ads_txt" ADD CONSTRAINT "website_ads_txt_website_id_websites_id_fk" FOREIGN KEY ("website_id") REFERENCES "public"."websites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "publisher_sellers_seller_id_uq" ON "publisher_sellers" USING btree ("seller_id");--> statement-breakpoint
CREATE INDEX "website_ads_txt_checked_idx" ON "website_ads_txt" USING btree ("checked_at");