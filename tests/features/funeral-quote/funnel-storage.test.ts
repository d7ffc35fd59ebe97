// @vitest-environment jsdom
import { beforeEach, describe, expect, it } from "vitest";
import { emptyDraft } from "@/features/funeral-quote/funnel-flow";
import {
  clearStoredFunnel,
  FUNNEL_STORAGE_KEY,
  FUNNEL_STORAGE_MAX_AGE_MS,
  loadStoredFunnel,
  parseStoredFunnel,
  saveStoredFunnel,
} from "@/features/funeral-quote/funnel-storage";

const UUID = "3f2b8c1e-6a4d-4f7e-9b1a-2c3d4e5f6a7b";

beforeEach(() => localStorage.clear());

describe("the funnel kept on this device", () => {
  it("comes back as it was saved: uuid, screen, answers and what was typed", () => {
    const draft = emptyDraft();
    draft.answers = { situation: "death-occurred", placeOfDeath: "hospital", deathCommuneInsee: "69123" };
    draft.commune = { insee: "69123", name: "Lyon", postalCode: "69001" };
    draft.contact = { ...draft.contact, firstname: "Claire", email: "claire@example.org" };
    const token = "AbCdEfGhIjKlMnOpQrStUvWxYz0123456789_-abcdEF";
    saveStoredFunnel({ uuid: UUID, token, step: "date", draft, submitted: false });
    const loaded = loadStoredFunnel();
    expect(loaded).toMatchObject({ uuid: UUID, token, step: "date", submitted: false });
    expect(loaded!.draft.answers).toEqual(draft.answers);
    expect(loaded!.draft.commune).toEqual(draft.commune);
    expect(loaded!.draft.contact.firstname).toBe("Claire");
  });

  it("is forgotten after two months without a visit", () => {
    saveStoredFunnel({ uuid: UUID, token: null, step: "date", draft: emptyDraft(), submitted: false }, new Date("2026-01-01T10:00:00Z"));
    expect(loadStoredFunnel(new Date(Date.parse("2026-01-01T10:00:00Z") + FUNNEL_STORAGE_MAX_AGE_MS + 1000))).toBeNull();
    expect(localStorage.getItem(FUNNEL_STORAGE_KEY)).toBeNull();
  });

  it("survives a damaged or hand-edited entry without breaking the page", () => {
    expect(parseStoredFunnel("{not json")).toBeNull();
    expect(parseStoredFunnel(JSON.stringify({ version: 2 }))).toBeNull();
    const edited = parseStoredFunnel(
      JSON.stringify({
        version: 1,
        uuid: "not-a-uuid",
        token: "<script>",
        step: "payment",
        savedAt: new Date().toISOString(),
        draft: { answers: { disposition: "sea", situation: "death-occurred" }, choice: "rocket", contact: { email: 42, consent: "yes" } },
      }),
    );
    expect(edited).not.toBeNull();
    expect(edited!.uuid).toBeNull();
    expect(edited!.token).toBeNull();
    expect(edited!.step).toBeNull();
    // An answer that no longer parses drops the whole set rather than half of it.
    expect(edited!.draft.answers).toEqual({});
    expect(edited!.draft.choice).toBeNull();
    expect(edited!.draft.contact).toMatchObject({ email: "", consent: false });
  });

  it("can be cleared to start again", () => {
    saveStoredFunnel({ uuid: UUID, token: null, step: "date", draft: emptyDraft(), submitted: false });
    clearStoredFunnel();
    expect(loadStoredFunnel()).toBeNull();
  });
});
