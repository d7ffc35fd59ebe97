ALTER TABLE "supporting_document_versions" ADD COLUMN "sha256" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "supporting_document_versions" ADD COLUMN "uploaded_by_client_id" integer;--> statement-breakpoint
ALTER TABLE "supporting_documents" ADD COLUMN "sha256" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "supporting_document_versions" ADD CONSTRAINT "supporting_document_versions_uploaded_by_client_id_clients_id_fk" FOREIGN KEY ("uploaded_by_client_id") REFERENCES "public"."clients"("id") ON DELETE set null ON UPDATE no action;