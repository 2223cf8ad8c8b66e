CREATE TABLE "cart_items" (
	"user_id" integer NOT NULL,
	"listing_id" integer NOT NULL,
	"added_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cart_items_user_id_listing_id_pk" PRIMARY KEY("user_id","listing_id")
);
--> statement-breakpoint
CREATE TABLE "listing_activity" (
	"listing_id" integer NOT NULL,
	"day" date NOT NULL,
	"views" integer DEFAULT 0 NOT NULL,
	"wishlist_adds" integer DEFAULT 0 NOT NULL,
	"orders" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "listing_activity_listing_id_day_pk" PRIMARY KEY("listing_id","day")
);
--> statement-breakpoint
CREATE TABLE "listings" (
	"id" serial PRIMARY KEY NOT NULL,
	"unique" text NOT NULL,
	"owner_id" integer,
	"title" text NOT NULL,
	"category" smallint NOT NULL,
	"niches" text[] DEFAULT '{}'::text[] NOT NULL,
	"language" text DEFAULT 'English' NOT NULL,
	"website" text,
	"image" text NOT NULL,
	"cover" text,
	"icon" text,
	"gallery" text[] DEFAULT '{}'::text[] NOT NULL,
	"price_micros" bigint NOT NULL,
	"discount" smallint DEFAULT 0 NOT NULL,
	"sticky" boolean DEFAULT false NOT NULL,
	"featured" integer DEFAULT 0 NOT NULL,
	"status" smallint DEFAULT 0 NOT NULL,
	"reject_reason" text,
	"description" text DEFAULT '' NOT NULL,
	"attributes" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"metadata" jsonb DEFAULT '{"logo":null,"attributes":{},"features":[]}'::jsonb NOT NULL,
	"turnaround_days" smallint DEFAULT 3 NOT NULL,
	"sample_post_url" text,
	"trending" numeric(14, 4) DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "listings_category_valid" CHECK ("listings"."category" between 0 and 9),
	CONSTRAINT "listings_status_valid" CHECK ("listings"."status" in (0, 1, 2, 9)),
	CONSTRAINT "listings_discount_valid" CHECK ("listings"."discount" between 0 and 90),
	CONSTRAINT "listings_price_positive" CHECK ("listings"."price_micros" > 0)
);
--> statement-breakpoint
CREATE TABLE "marketplace_order_items" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"listing_id" integer NOT NULL,
	"seller_id" integer,
	"price_micros" bigint NOT NULL,
	"commission_percent" numeric(5, 2),
	"state" text DEFAULT 'pending' NOT NULL,
	"hold_id" bigint,
	"accept_by" timestamp with time zone,
	"accepted_at" timestamp with time zone,
	"deliver_by" timestamp with time zone,
	"delivered_at" timestamp with time zone,
	"proof_url" text,
	"delivery_date" date,
	"proof_check" jsonb,
	"complete_by" timestamp with time zone,
	"completed_at" timestamp with time zone,
	"denied_at" timestamp with time zone,
	"deny_reason" text,
	"refunded_micros" bigint,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "marketplace_order_items_state_valid" CHECK ("marketplace_order_items"."state" in ('pending', 'accepted', 'delivered', 'completed', 'denied', 'expired')),
	CONSTRAINT "marketplace_order_items_price_positive" CHECK ("marketplace_order_items"."price_micros" > 0)
);
--> statement-breakpoint
CREATE TABLE "marketplace_orders" (
	"id" serial PRIMARY KEY NOT NULL,
	"unique" text NOT NULL,
	"buyer_id" integer NOT NULL,
	"email" text NOT NULL,
	"livechat" text DEFAULT '' NOT NULL,
	"target_url" text,
	"package_id" integer,
	"status" smallint DEFAULT 0 NOT NULL,
	"total_micros" bigint NOT NULL,
	"payment_method" text,
	"payment_id" text,
	"paid_at" timestamp with time zone,
	"canceled_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "marketplace_orders_status_valid" CHECK ("marketplace_orders"."status" in (0, 1, 2, 3, 6)),
	CONSTRAINT "marketplace_orders_total_positive" CHECK ("marketplace_orders"."total_micros" > 0)
);
--> statement-breakpoint
CREATE TABLE "marketplace_package_listings" (
	"package_id" integer NOT NULL,
	"listing_id" integer NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "marketplace_package_listings_package_id_listing_id_pk" PRIMARY KEY("package_id","listing_id")
);
--> statement-breakpoint
CREATE TABLE "marketplace_packages" (
	"id" serial PRIMARY KEY NOT NULL,
	"unique" text NOT NULL,
	"type" smallint NOT NULL,
	"title" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"price_micros" bigint NOT NULL,
	"metadata" jsonb DEFAULT '{"features":[],"attributes":{}}'::jsonb NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "marketplace_packages_type_valid" CHECK ("marketplace_packages"."type" between 0 and 2),
	CONSTRAINT "marketplace_packages_price_positive" CHECK ("marketplace_packages"."price_micros" > 0)
);
--> statement-breakpoint
CREATE TABLE "marketplace_preferences" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"view" text DEFAULT 'grid' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "marketplace_searches" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer,
	"query" text NOT NULL,
	"results" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "wishlist_items" (
	"wishlist_id" integer NOT NULL,
	"listing_id" integer NOT NULL,
	"added_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "wishlist_items_wishlist_id_listing_id_pk" PRIMARY KEY("wishlist_id","listing_id")
);
--> statement-breakpoint
CREATE TABLE "wishlists" (
	"id" serial PRIMARY KEY NOT NULL,
	"unique" text NOT NULL,
	"user_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "cart_items" ADD CONSTRAINT "cart_items_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cart_items" ADD CONSTRAINT "cart_items_listing_id_listings_id_fk" FOREIGN KEY ("listing_id") REFERENCES "public"."listings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "listing_activity" ADD CONSTRAINT "listing_activity_listing_id_listings_id_fk" FOREIGN KEY ("listing_id") REFERENCES "public"."listings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "listings" ADD CONSTRAINT "listings_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "marketplace_order_items" ADD CONSTRAINT "marketplace_order_items_order_id_marketplace_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."marketplace_orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "marketplace_order_items" ADD CONSTRAINT "marketplace_order_items_listing_id_listings_id_fk" FOREIGN KEY ("listing_id") REFERENCES "public"."listings"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "marketplace_order_items" ADD CONSTRAINT "marketplace_order_items_seller_id_users_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "marketplace_order_items" ADD CONSTRAINT "marketplace_order_items_hold_id_ledger_holds_id_fk" FOREIGN KEY ("hold_id") REFERENCES "public"."ledger_holds"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "marketplace_orders" ADD CONSTRAINT "marketplace_orders_buyer_id_users_id_fk" FOREIGN KEY ("buyer_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "marketplace_orders" ADD CONSTRAINT "marketplace_orders_package_id_marketplace_packages_id_fk" FOREIGN KEY ("package_id") REFERENCES "public"."marketplace_packages"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "marketplace_orders" ADD CONSTRAINT "marketplace_orders_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "marketplace_package_listings" ADD CONSTRAINT "marketplace_package_listings_package_id_marketplace_packages_id_fk" FOREIGN KEY ("package_id") REFERENCES "public"."marketplace_packages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "marketplace_package_listings" ADD CONSTRAINT "marketplace_package_listings_listing_id_listings_id_fk" FOREIGN KEY ("listing_id") REFERENCES "public"."listings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "marketplace_preferences" ADD CONSTRAINT "marketplace_preferences_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "marketplace_searches" ADD CONSTRAINT "marketplace_searches_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wishlist_items" ADD CONSTRAINT "wishlist_items_wishlist_id_wishlists_id_fk" FOREIGN KEY ("wishlist_id") REFERENCES "public"."wishlists"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wishlist_items" ADD CONSTRAINT "wishlist_items_listing_id_listings_id_fk" FOREIGN KEY ("listing_id") REFERENCES "public"."listings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wishlists" ADD CONSTRAINT "wishlists_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "listings_unique_uq" ON "listings" USING btree ("unique");--> statement-breakpoint
CREATE INDEX "listings_status_trending_idx" ON "listings" USING btree ("status","trending");--> statement-breakpoint
CREATE INDEX "listings_status_price_idx" ON "listings" USING btree ("status","price_micros");--> statement-breakpoint
CREATE INDEX "listings_status_created_idx" ON "listings" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "listings_owner_idx" ON "listings" USING btree ("owner_id");--> statement-breakpoint
CREATE INDEX "marketplace_order_items_order_idx" ON "marketplace_order_items" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "marketplace_order_items_seller_idx" ON "marketplace_order_items" USING btree ("seller_id","state");--> statement-breakpoint
CREATE INDEX "marketplace_order_items_listing_idx" ON "marketplace_order_items" USING btree ("listing_id");--> statement-breakpoint
CREATE INDEX "marketplace_order_items_timers_idx" ON "marketplace_order_items" USING btree ("state","accept_by","complete_by");--> statement-breakpoint
CREATE UNIQUE INDEX "marketplace_orders_unique_uq" ON "marketplace_orders" USING btree ("unique");--> statement-breakpoint
CREATE INDEX "marketplace_orders_buyer_idx" ON "marketplace_orders" USING btree ("buyer_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "marketplace_packages_unique_uq" ON "marketplace_packages" USING btree ("unique");--> statement-breakpoint
CREATE INDEX "marketplace_searches_created_idx" ON "marketplace_searches" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "wishlists_unique_uq" ON "wishlists" USING btree ("unique");--> statement-breakpoint
CREATE UNIQUE INDEX "wishlists_user_uq" ON "wishlists" USING btree ("user_id");