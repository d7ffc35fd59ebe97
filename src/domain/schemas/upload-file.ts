import { z } from "zod";
import { idSchema } from "@/domain/schemas/common";
import { dealDocumentUploadFieldsSchema } from "@/domain/schemas/deal-document";

/** Upload files (SPEC "Other"): a stored file waiting to be attached, by its id. */
export const uploadFileViewSchema = z
  .object({
    id: z.number().int(),
    file_name: z.string(),
    content_type: z.string(),
    byte_size: z.number().int(),
    sha256: z.string(),
    created_at: z.number().int().meta({ description: "Unix seconds" }),
  })
  .meta({ id: "UploadFile" });
export type UploadFileView = z.infer<typeof uploadFileViewSchema>;

/** The JSON form of POST /api/v1/deals/{id}/documents: a file uploaded earlier through /upload_files. */
export const dealDocumentFromUploadSchema = dealDocumentUploadFieldsSchema.extend({ upload_file_id: idSchema });
