import { afterEach, describe, expect, it, vi } from "vitest";
import { isChunkLoadError, reportError, setErrorReporter } from "@/domain/report";

afterEach(() => {
  setErrorReporter(null);
  vi.restoreAllMocks();
});

describe("error reporting", () => {
  it("writes to the console by default", () => {
    const consoleError = vi.spyOn(console, "error").mockImplementation(() => {});
    const error = new Error("boom");
    reportError(error, { where: "test" });
    expect(consoleError).toHaveBeenCalledWith(error, { where: "test" });
  });
  it("sends errors to the reporter the app plugs in", () => {
    const reporter = vi.fn();
    setErrorReporter(reporter);
    const error = new Error("boom");
    reportError(error);
    expect(reporter).toHaveBeenCalledWith(error, undefined);
  });
  it("ignores chunk-loading errors", () => {
    const reporter = vi.fn();
    setErrorReporter(reporter);
    const named = Object.assign(new Error("whatever"), { name: "ChunkLoadError" });
    reportError(named);
    reportError(new Error("Loading chunk 42 failed."));
    reportError(new TypeError("Failed to fetch dynamically imported module: https://x/app.js"));
    reportError(new TypeError("Importing a module script failed."));
    expect(reporter).not.toHaveBeenCalled();
    expect(isChunkLoadError(new Error("Network down"))).toBe(false);
  });
  it("survives a reporter that throws", () => {
    const consoleError = vi.spyOn(console, "error").mockImplementation(() => {});
    setErrorReporter(() => {
      throw new Error("sink down");
    });
    expect(() => reportError(new Error("boom"))).not.toThrow();
    expect(consoleError).toHaveBeenCalled();
  });
});
