ALTER TABLE "perk_usages" DROP CONSTRAINT "perk_usages_client_id_clients_id_fk";
--> statement-breakpoint
DROP INDEX "perk_usages_perk_idx";--> statement-breakpoint
ALTER TABLE "perk_usages" ALTER COLUMN "client_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "perk_usages" ADD COLUMN "deal_id" integer NOT NULL;--> statement-breakpoint
ALTER TABLE "perks" ADD COLUMN "partner_name" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "perks" ADD COLUMN "benefit" text;--> statement-breakpoint
ALTER TABLE "perks" ADD COLUMN "how_to_use" text;--> statement-breakpoint
ALTER TABLE "perks" ADD COLUMN "conditions" text;--> statement-breakpoint
ALTER TABLE "perks" ADD COLUMN "valid_from" date;--> statement-breakpoint
ALTER TABLE "perks" ADD COLUMN "valid_until" date;--> statement-breakpoint
ALTER TABLE "perks" ADD COLUMN "department_code" text;--> statement-breakpoint
ALTER TABLE "perks" ADD COLUMN "phone" text;--> statement-breakpoint
ALTER TABLE "perk_usages" ADD CONSTRAINT "perk_usages_deal_id_deals_id_fk" FOREIGN KEY ("deal_id") REFERENCES "public"."deals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "perk_usages" ADD CONSTRAINT "perk_usages_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "perks" ADD CONSTRAINT "perks_department_code_departments_code_fk" FOREIGN KEY ("department_code") REFERENCES "public"."departments"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "perk_usages_perk_deal_idx" ON "perk_usages" USING btree ("perk_id","deal_id");--> statement-breakpoint
CREATE INDEX "perk_usages_deal_idx" ON "perk_usages" USING btree ("deal_id");--> statement-breakpoint
CREATE INDEX "perks_active_idx" ON "perks" USING btree ("active");