import { describe, expect, it } from "vitest";
import { leadInputSchema } from "@/domain/schemas/lead";

describe("leadInputSchema", () => {
  it("accepts French and foreign phone numbers", () => {
    for (const phone of ["06 12 34 56 78", "+33 6 12 34 56 78", "+213 555 12 34 56"]) {
      expect(leadInputSchema.safeParse({ lastname: "Martin", phone }).success).toBe(true);
    }
    expect(leadInputSchema.safeParse({ lastname: "Martin", phone: "12" }).error?.issues[0]?.message).toBe("phone__invalid");
  });

  it("requires the contact detail of the chosen channel", () => {
    const byEmail = leadInputSchema.safeParse({ lastname: "Martin", contact_channel: "email", phone: "0612345678" });
    expect(byEmail.error?.issues.map((i) => i.message)).toEqual(["lead__email__missing"]);
    expect(leadInputSchema.parse({ lastname: "Martin", contact_channel: "email", email: " Claire@Example.ORG " }).email).toBe("claire@example.org");
  });
});
