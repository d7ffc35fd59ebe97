import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { ApiError } from "@/api-client/api-error";
import { uploadWithProgress } from "@/api-client/upload";
import { installFakeStorage, storeTokens, TOKENS_KEY, type FakeStorage } from "./fake-web";

/** Just enough XMLHttpRequest to drive an upload: the test answers it. */
class FakeXhr {
  static last: FakeXhr;
  method = "";
  url = "";
  headers: Record<string, string> = {};
  sent: unknown;
  status = 0;
  statusText = "";
  responseText = "";
  withCredentials = false;
  responseHeaders: Record<string, string> = {};
  upload: { onprogress: ((event: { lengthComputable: boolean; loaded: number; total: number }) => void) | null } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;
  constructor() {
    FakeXhr.last = this;
  }
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  getResponseHeader(name: string) {
    return this.responseHeaders[name] ?? null;
  }
  send(body: unknown) {
    this.sent = body;
  }
  abort() {
    this.onabort?.();
  }
  answer(status: number, body: unknown, headers: Record<string, string> = {}) {
    this.status = status;
    this.responseText = JSON.stringify(body);
    this.responseHeaders = { "content-type": "application/json", ...headers };
    this.onload?.();
  }
}

describe("uploadWithProgress", () => {
  let local: FakeStorage;
  beforeEach(() => {
    ({ local } = installFakeStorage());
    vi.stubGlobal("XMLHttpRequest", FakeXhr);
  });
  afterEach(() => vi.unstubAllGlobals());

  it("sends the session's tokens, reports progress and keeps the rotated tokens", async () => {
    storeTokens(local);
    const progress: number[] = [];
    const form = new FormData();
    const done = uploadWithProgress<{ data: { id: number } }>("/api/v1/things", form, { onProgress: (f) => progress.push(f) });
    const xhr = FakeXhr.last;
    expect(xhr.method).toBe("POST");
    expect(xhr.url).toContain("/api/v1/things");
    expect(xhr.headers["access-token"]).toBe("tok-1");
    expect(xhr.sent).toBe(form);
    xhr.upload.onprogress?.({ lengthComputable: true, loaded: 50, total: 200 });
    xhr.answer(201, { data: { id: 7 } }, { "access-token": "tok-2", client: "cli-1", uid: "marie@example.test", expiry: "1900000001" });
    await expect(done).resolves.toEqual({ data: { id: 7 } });
    expect(progress).toEqual([0.25, 1]);
    expect(JSON.parse(local.getItem(TOKENS_KEY)!)["access-token"]).toBe("tok-2");
  });

  it("answers the API's codes on a refusal, and a network error when the connection drops", async () => {
    const refused = uploadWithProgress("/api/v1/things", new FormData());
    FakeXhr.last.answer(422, { error: "Unprocessable Entity", errors: ["memorial_photo__file__invalid_type"] });
    const error = await refused.catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).codes).toEqual(["memorial_photo__file__invalid_type"]);

    const dropped = uploadWithProgress("/api/v1/things", new FormData());
    FakeXhr.last.onerror?.();
    expect(((await dropped.catch((e: unknown) => e)) as ApiError).isNetworkError).toBe(true);
  });

  it("is cancelled by its signal", async () => {
    const controller = new AbortController();
    const upload = uploadWithProgress("/api/v1/things", new FormData(), { signal: controller.signal });
    controller.abort();
    await expect(upload).rejects.toMatchObject({ name: "AbortError" });
  });
});
