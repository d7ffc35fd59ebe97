// @vitest-environment jsdom
import { beforeEach, describe, expect, it } from "vitest";
import {
  MONUMENT_STORAGE_KEY,
  draftPayload,
  emptyMonumentDraft,
  loadMonumentDraft,
  rememberSentQuote,
  reopenedDraft,
  saveMonumentDraft,
  sentQuoteToken,
  stepMissing,
} from "@/features/monuments/monument-draft";

beforeEach(() => localStorage.clear());

describe("the monument draft on this device", () => {
  it("comes back as it was saved", () => {
    const draft = emptyMonumentDraft();
    draft.configuration.model_code = "MON-CRO-LATINE";
    draft.configuration.engraving.lines = ["Famille Martin", "1931 – 2024"];
    draft.step = "engraving";
    saveMonumentDraft(draft);
    expect(loadMonumentDraft()).toEqual(draft);
  });

  it("starts afresh from unreadable storage, and repairs a damaged field without losing the rest", () => {
    localStorage.setItem(MONUMENT_STORAGE_KEY, "{not json");
    expect(loadMonumentDraft()).toEqual(emptyMonumentDraft());
    const draft = emptyMonumentDraft();
    draft.configuration.model_code = "MON-TRA-SOBRIETE";
    localStorage.setItem(MONUMENT_STORAGE_KEY, JSON.stringify({ ...draft, step: "nowhere", configuration: { ...draft.configuration, options: ["fly"] } }));
    const loaded = loadMonumentDraft();
    expect(loaded.step).toBe("model");
    expect(loaded.configuration.options).toEqual([]);
    expect(loaded.configuration.model_code).toBe("MON-TRA-SOBRIETE");
  });

  it("sends codes and never a price, and the contact details with the submission only", () => {
    const draft = emptyMonumentDraft();
    draft.configuration = { ...draft.configuration, model_code: "MON-TRA-SOBRIETE", granite_code: "GRA-IMPALA", accessories: [{ code: "ACC-MON-VASE", quantity: 2 }] };
    draft.configuration.engraving.lines = ["  Léa  ", ""];
    const payload = draftPayload(draft, { locale: "ar" });
    expect(JSON.stringify(payload)).not.toMatch(/cents|price/);
    expect(payload.configuration?.engraving?.lines).toEqual(["Léa", ""]);
    draft.client.firstname = "Léa";
    expect(draftPayload(draft).client).toBeUndefined();
    expect(payload.locale).toBe("ar");
    expect(draftPayload(emptyMonumentDraft()).configuration?.engraving).toBeNull();
    const sent = draftPayload(draft, { submit: true });
    expect(sent.submit).toBe(true);
    expect(sent.client).toMatchObject({ email: "", contact_channel: "email", phone: null });
  });

  it("asks for the model and the granite before moving on", () => {
    const draft = emptyMonumentDraft();
    expect(stepMissing(draft, "model")).toBe("monument__model__missing");
    expect(stepMissing(draft, "granite")).toBe("monument__granite__missing");
    expect(stepMissing(draft, "engraving")).toBeNull();
  });

  it("keeps a sent quote's key for its confirmation and reopens a new quote from the same choices", () => {
    const draft = { ...emptyMonumentDraft(), uuid: "u-1", token: "k-1", submitted: true };
    draft.configuration.model_code = "MON-COE-TENDRESSE";
    rememberSentQuote("u-1", "k-1");
    expect(sentQuoteToken("u-1")).toBe("k-1");
    expect(sentQuoteToken("u-2")).toBeNull();
    const reopened = reopenedDraft(draft);
    expect(reopened).toMatchObject({ uuid: null, token: null, submitted: false, step: "model" });
    expect(reopened.configuration.model_code).toBe("MON-COE-TENDRESSE");
  });
});
