import { describe, expect, it } from "vitest";
import { chatUrl } from "@/api-client/chat-url";

describe("chatUrl", () => {
  it("defaults to /api/chat on the app's own origin", () => {
    expect(chatUrl("/v1/conversations", undefined)).toBe("/api/chat/v1/conversations");
  });
  it("uses the configured base, host and path, for a separate chat host", () => {
    expect(chatUrl("/v1/translations", "https://chat.paisible.fr/api/chat/")).toBe("https://chat.paisible.fr/api/chat/v1/translations");
    expect(chatUrl("v1/feedbacks", "https://chat.paisible.fr")).toBe("https://chat.paisible.fr/v1/feedbacks");
  });
});
