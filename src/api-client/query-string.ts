/** Values a query or form may carry; nested objects and arrays use Rails bracket keys. */
export type QueryValue = string | number | boolean | Date | null | undefined | QueryValue[] | { [key: string]: QueryValue };
export type QueryParams = Record<string, QueryValue>;

function encodeKey(key: string): string {
  // Brackets stay readable (ids[]=1), as the server's parameter parser expects.
  return encodeURIComponent(key).replace(/%5B/gi, "[").replace(/%5D/gi, "]");
}

function scalar(value: string | number | boolean | Date): string {
  return value instanceof Date ? value.toISOString() : String(value);
}

/** Flattens a value into [key, string] pairs: `ids[]`, `a[b]`, `items[][name]`; skips null and undefined. */
export function flattenParams(params: Record<string, unknown>, prefix?: string): Array<[string, string]> {
  const pairs: Array<[string, string]> = [];
  const visit = (key: string, value: unknown): void => {
    if (value === undefined || value === null) return;
    if (Array.isArray(value)) {
      for (const item of value) visit(`${key}[]`, item);
      return;
    }
    if (value instanceof Date || typeof value !== "object") {
      if (typeof value === "number" && !Number.isFinite(value)) return;
      if (typeof value === "string" || typeof value === "number" || typeof value === "boolean" || value instanceof Date) {
        pairs.push([key, scalar(value)]);
      }
      return;
    }
    for (const [child, childValue] of Object.entries(value as Record<string, unknown>)) {
      visit(`${key}[${child}]`, childValue);
    }
  };
  for (const [key, value] of Object.entries(params)) visit(prefix ? `${prefix}[${key}]` : key, value);
  return pairs;
}

/** Query string in bracket-array form without the leading `?` (empty when nothing to send). */
export function toQueryString(params: QueryParams | undefined): string {
  if (!params) return "";
  return flattenParams(params)
    .map(([key, value]) => `${encodeKey(key)}=${encodeURIComponent(value)}`)
    .join("&");
}

/** Values a multipart form may carry: query values plus files. */
export type FormValue = QueryValue | Blob | FormValue[] | { [key: string]: FormValue };

/** Multipart body from a plain object, using bracket keys and keeping files as files. */
export function toFormData(values: Record<string, FormValue>): FormData {
  const form = new FormData();
  const visit = (key: string, value: FormValue): void => {
    if (value === undefined || value === null) return;
    if (typeof Blob !== "undefined" && value instanceof Blob) {
      form.append(key, value);
      return;
    }
    if (Array.isArray(value)) {
      for (const item of value) visit(`${key}[]`, item);
      return;
    }
    if (value instanceof Date) {
      form.append(key, value.toISOString());
      return;
    }
    if (typeof value === "object") {
      for (const [child, childValue] of Object.entries(value)) visit(`${key}[${child}]`, childValue);
      return;
    }
    if (typeof value === "number" && !Number.isFinite(value)) return;
    form.append(key, String(value));
  };
  for (const [key, value] of Object.entries(values)) visit(key, value);
  return form;
}
