// @vitest-environment jsdom
import { afterEach, describe, expect, it } from "vitest";
import { analyticsLocation, sendPageView } from "@/features/shell/page-view";

describe("page_view in the dataLayer", () => {
  afterEach(() => {
    delete window.dataLayer;
  });

  it("never carries the quote link's key nor the deal it names (issue 21)", () => {
    const uuid = "3f2b8c1e-6a4d-4f7e-9b1a-2c3d4e5f6a7b";
    const token = "AbCdEfGhIjKlMnOpQrStUvWxYz0123456789_-abcdEF";
    sendPageView({ href: `https://paisible.fr/devis-obseques/ceremonie?etape=options&devis=${uuid}#devis=${uuid}&cle=${token}`, pathname: "/devis-obseques/ceremonie" }, "Devis");
    const pushed = JSON.stringify(window.dataLayer);
    expect(pushed).not.toContain(uuid);
    expect(pushed).not.toContain(token);
    expect(window.dataLayer?.[0]?.page_location).toBe("https://paisible.fr/devis-obseques/ceremonie?etape=options");
  });

  it("keeps ordinary addresses as they are", () => {
    expect(analyticsLocation("https://paisible.fr/pompes-funebres/lyon-69123?utm_source=x")).toBe("https://paisible.fr/pompes-funebres/lyon-69123?utm_source=x");
    expect(analyticsLocation("not a url")).toBe("");
  });
});
