import { describe, expect, it, vi } from "vitest";
import { redirectToLoginHandler } from "@/api-client/session-expired";

describe("default session-expired handler", () => {
  it("sends the visitor to login with the reason and the way back", () => {
    const navigate = vi.fn();
    redirectToLoginHandler(navigate, () => "/app/mon-compte?onglet=2")();
    expect(navigate).toHaveBeenCalledWith("/me-connecter?retour=%2Fapp%2Fmon-compte%3Fonglet%3D2&motif=session_expired");
    const url = new URL(navigate.mock.calls[0]![0] as string, "https://x.test");
    expect(url.searchParams.get("motif")).toBe("session_expired");
    expect(url.searchParams.get("retour")).toBe("/app/mon-compte?onglet=2");
  });
  it("stays on the login page to avoid a loop", () => {
    const navigate = vi.fn();
    redirectToLoginHandler(navigate, () => "/me-connecter?motif=session_expired")();
    expect(navigate).not.toHaveBeenCalled();
  });
});
