import { afterEach, describe, expect, it, vi } from "vitest";
import { LOCALES } from "@/domain/locales";
import OpenGraphImage, { alt, contentType, size } from "../../../app/[locale]/opengraph-image";

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("default Open Graph image", () => {
  it("declares a 1200×630 PNG with alternative text", () => {
    expect(size).toEqual({ width: 1200, height: 630 });
    expect(contentType).toBe("image/png");
    expect(alt).toBe("Paisible");
  });

  it.each(LOCALES)("renders a PNG for %s without any network request", async (locale) => {
    // next/og loads its own WebAssembly through data: URLs; anything else would leave the machine.
    const realFetch = globalThis.fetch;
    const network: string[] = [];
    vi.stubGlobal("fetch", (input: string | URL | Request, init?: RequestInit) => {
      const url = typeof input === "string" ? input : input instanceof URL ? input.href : input.url;
      if (url.startsWith("data:")) return realFetch(input, init);
      network.push(url);
      return Promise.reject(new Error("no network"));
    });
    const response = await OpenGraphImage({ params: Promise.resolve({ locale }) });
    const png = Buffer.from(await response.arrayBuffer());
    expect(png.subarray(1, 4).toString("latin1")).toBe("PNG");
    expect(png.readUInt32BE(16)).toBe(1200);
    expect(png.readUInt32BE(20)).toBe(630);
    expect(network).toEqual([]);
  });
});
