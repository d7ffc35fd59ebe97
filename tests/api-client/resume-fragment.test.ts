import { describe, expect, it } from "vitest";
import { readResumeFragment } from "@/api-client/resume-fragment";

const UUID = "3f2b8c1e-8d4a-4c7e-9b1a-2f6d5e4c3b2a";
const TOKEN = "k".repeat(43);

describe("readResumeFragment", () => {
  it("reads the quote e-mail's #devis=…&cle=… (uuid lower-cased)", () => {
    expect(readResumeFragment(`#devis=${UUID.toUpperCase()}&cle=${TOKEN}`)).toEqual({ uuid: UUID, token: TOKEN });
  });

  it("reads another funnel's key name", () => {
    expect(readResumeFragment(`#commande=${UUID}&cle=${TOKEN}`, "commande")).toEqual({ uuid: UUID, token: TOKEN });
    expect(readResumeFragment(`#commande=${UUID}&cle=${TOKEN}`)).toBeNull();
  });

  it("refuses a malformed uuid or key", () => {
    expect(readResumeFragment(`#devis=not-a-uuid&cle=${TOKEN}`)).toBeNull();
    expect(readResumeFragment(`#devis=${UUID}&cle=short`)).toBeNull();
    expect(readResumeFragment(`#devis=${UUID}&cle=${"k".repeat(40)}<script>`)).toBeNull();
    expect(readResumeFragment("")).toBeNull();
  });
});
