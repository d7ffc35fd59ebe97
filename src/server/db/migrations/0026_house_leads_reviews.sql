CREATE TYPE "public"."lead_state" AS ENUM('new', 'called', 'converted');--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "state" "lead_state" DEFAULT 'new' NOT NULL;--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "assigned_to_id" integer;--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "assigned_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "called_by_id" integer;--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "called_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "call_note" text;--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "deal_id" integer;--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "converted_by_id" integer;--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "converted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "reviews" ADD COLUMN "source" text;--> statement-breakpoint
ALTER TABLE "reviews" ADD COLUMN "external_id" text;--> statement-breakpoint
ALTER TABLE "reviews" ADD COLUMN "external_url" text;--> statement-breakpoint
ALTER TABLE "reviews" ADD COLUMN "imported_by_id" integer;--> statement-breakpoint
ALTER TABLE "leads" ADD CONSTRAINT "leads_assigned_to_id_business_users_id_fk" FOREIGN KEY ("assigned_to_id") REFERENCES "public"."business_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "leads" ADD CONSTRAINT "leads_called_by_id_business_users_id_fk" FOREIGN KEY ("called_by_id") REFERENCES "public"."business_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "leads" ADD CONSTRAINT "leads_deal_id_deals_id_fk" FOREIGN KEY ("deal_id") REFERENCES "public"."deals"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "leads" ADD CONSTRAINT "leads_converted_by_id_business_users_id_fk" FOREIGN KEY ("converted_by_id") REFERENCES "public"."business_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_imported_by_id_business_users_id_fk" FOREIGN KEY ("imported_by_id") REFERENCES "public"."business_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "leads_state_idx" ON "leads" USING btree ("state","created_at");--> statement-breakpoint
CREATE INDEX "leads_assigned_idx" ON "leads" USING btree ("assigned_to_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "reviews_source_external_idx" ON "reviews" USING btree ("source","external_id") WHERE "reviews"."external_id" IS NOT NULL;