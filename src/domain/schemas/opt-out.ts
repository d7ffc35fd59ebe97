import { z } from "zod";

/** PUT /api/v1/clients/{id}/opt_out: true stops reminders and marketing messages, false allows them again. */
export const optOutSchema = z.object({
  value: z.boolean({ error: "value__invalid" }),
});
export type OptOutInput = z.infer<typeof optOutSchema>;
