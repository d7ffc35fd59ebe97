import { ApiError, networkError } from "@/api-client/api-error";
import { clearSession, hasStoredTokens } from "@/api-client/auth-storage";
import { defaultHosts, resolveUrl } from "@/api-client/base-url";
import { captureTokensFrom, identityHeaders } from "@/api-client/client";

export interface UploadOptions {
  /** Share of the body sent so far, 0 to 1 (fetch cannot report it; XHR can). */
  onProgress?: (fraction: number) => void;
  signal?: AbortSignal;
  headers?: Record<string, string>;
  method?: "POST" | "PUT";
}

function parse(text: string, type: string): unknown {
  if (text === "" || !type.toLowerCase().includes("json")) return text === "" ? undefined : text;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/**
 * A multipart upload that reports its progress, for photos sent from a phone on a slow
 * connection. Same headers, token rotation and error codes as the api-client's calls; a
 * lost connection is a network error, a cancel an AbortError.
 */
export function uploadWithProgress<T>(path: string, form: FormData, options: UploadOptions = {}): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(options.method ?? "POST", resolveUrl(path, defaultHosts()));
    xhr.withCredentials = true;
    xhr.setRequestHeader("Accept", "application/json");
    for (const [name, value] of Object.entries({ ...identityHeaders(), ...options.headers })) xhr.setRequestHeader(name, value);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) options.onProgress?.(Math.min(event.loaded / event.total, 1));
    };
    xhr.onerror = () => reject(networkError(new TypeError("upload failed")));
    xhr.onabort = () => reject(new DOMException("upload cancelled", "AbortError"));
    xhr.onload = () => {
      const body = parse(xhr.responseText, xhr.getResponseHeader("content-type") ?? "");
      if (xhr.status === 401) {
        if (hasStoredTokens()) clearSession();
      } else {
        captureTokensFrom((name) => xhr.getResponseHeader(name));
      }
      if (xhr.status >= 200 && xhr.status < 300) {
        options.onProgress?.(1);
        resolve(body as T);
      } else {
        reject(new ApiError(xhr.status, body ?? null, xhr.statusText));
      }
    };
    if (options.signal) {
      if (options.signal.aborted) return xhr.abort();
      options.signal.addEventListener("abort", () => xhr.abort(), { once: true });
    }
    xhr.send(form);
  });
}
