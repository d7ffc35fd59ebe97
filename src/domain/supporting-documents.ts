/**
 * Rules of the supporting documents a family uploads (SPEC §3, §5): what a file may be,
 * how large, and the codes a refusal answers with. Shared by the upload field (which
 * checks the size before sending) and the server (which decides by content).
 */

/** Largest file accepted, in bytes (20 MiB): a multi-page scan or a phone photo fits. */
export const MAX_DOCUMENT_BYTES = 20 * 1024 * 1024;

/**
 * Largest picture decoded, in pixels (about 8 000 × 8 000, above any phone camera): a
 * small file announcing a huge picture (a decompression bomb) is refused before decoding.
 */
export const MAX_IMAGE_PIXELS = 64_000_000;

/** Kinds of content accepted, recognised from the file's first bytes, never its name or declared type. */
export const ACCEPTED_DOCUMENT_TYPES = ["application/pdf", "image/jpeg", "image/png", "image/webp", "image/heic", "image/heif"] as const;
export type AcceptedDocumentType = (typeof ACCEPTED_DOCUMENT_TYPES)[number];

/**
 * What the file input offers (the server still decides by content). HEIC is left out on
 * purpose: iOS Safari then hands the page a JPEG copy of an iPhone photo instead of the HEIC
 * original, which the server could not decode (see the heic_unsupported refusal).
 */
export const DOCUMENT_INPUT_ACCEPT = "application/pdf,image/jpeg,image/png,image/webp";

/** Longest display name kept for a file (the stored name is a random key). */
export const MAX_FILE_NAME_LENGTH = 120;

/**
 * The name shown for an uploaded file: the last path segment only (no folder, no "..":
 * "../../etc/passwd.pdf" becomes "passwd.pdf"), control and reserved characters removed,
 * no leading dots, at most MAX_FILE_NAME_LENGTH characters, and the extension of what the
 * file really is. It is only ever displayed and sent in Content-Disposition; files are
 * stored under random keys.
 */
export function cleanFileName(raw: string | null | undefined, extension: string): string {
  const lastSegment = (raw ?? "").normalize("NFC").split(/[\\/]/).pop() ?? "";
  let base = lastSegment
    .replace(/[\u0000-\u001f\u007f-\u009f<>:"|?*\u200b-\u200f\u202a-\u202e\u2066-\u2069]/g, "")
    .replace(/\s+/g, " ")
    .trim()
    .replace(/^[.\s]+/, "");
  base = base.replace(/\.[A-Za-z0-9]{1,5}$/, "").replace(/[.\s]+$/, "");
  if (!base) base = "document";
  const suffix = `.${extension}`;
  const chars = Array.from(base);
  if (chars.length + suffix.length > MAX_FILE_NAME_LENGTH) base = chars.slice(0, MAX_FILE_NAME_LENGTH - suffix.length).join("");
  return `${base}${suffix}`;
}
