CREATE TABLE "entity_invoice_counters" (
	"entity_type" text NOT NULL,
	"entity_id" integer NOT NULL,
	"year" smallint NOT NULL,
	"last_seq" integer NOT NULL,
	CONSTRAINT "entity_invoice_counters_entity_type_entity_id_year_pk" PRIMARY KEY("entity_type","entity_id","year")
);
--> statement-breakpoint
ALTER TABLE "entity_invoices" DROP CONSTRAINT "entity_invoices_costs_check";--> statement-breakpoint
ALTER TABLE "entity_invoice_prestations" ADD COLUMN "vat_rate_bp" integer DEFAULT 2000 NOT NULL;--> statement-breakpoint
ALTER TABLE "entity_invoices" ADD COLUMN "number" text;--> statement-breakpoint
ALTER TABLE "entity_invoices" ADD COLUMN "number_year" smallint;--> statement-breakpoint
ALTER TABLE "entity_invoices" ADD COLUMN "number_seq" integer;--> statement-breakpoint
ALTER TABLE "entity_invoices" ADD COLUMN "credit_note_of_id" integer;--> statement-breakpoint
ALTER TABLE "entity_invoices" ADD CONSTRAINT "entity_invoices_credit_note_of_id_entity_invoices_id_fk" FOREIGN KEY ("credit_note_of_id") REFERENCES "public"."entity_invoices"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "entity_invoices_number_idx" ON "entity_invoices" USING btree ("entity_type","entity_id","number_year","number_seq");--> statement-breakpoint
CREATE INDEX "entity_invoices_credit_note_of_idx" ON "entity_invoices" USING btree ("credit_note_of_id");--> statement-breakpoint
ALTER TABLE "entity_invoices" ADD CONSTRAINT "entity_invoices_costs_check" CHECK (abs("entity_invoices"."cost_tax_incl") >= abs("entity_invoices"."cost_tax_excl"));