/**
 * Documents asked of a family by text message (SPEC §2, /documents/sms/{id}). The link
 * names the request by a random token; only first names show until the recipient proves
 * who they are with the code sent in the same SMS (or signs in as a holder of the file).
 */

/** What the recipient is asked to do with a document: send it, or sign it and send it back. */
export const DOCUMENT_REQUEST_ACTIONS = ["provide", "sign"] as const;
export type DocumentRequestAction = (typeof DOCUMENT_REQUEST_ACTIONS)[number];

/** A link stays valid this long after it is sent; the sender can ask again. */
export const DOCUMENT_REQUEST_VALIDITY_DAYS = 7;
/** Wrong codes allowed before the request locks (the sender then sends a new one). */
export const DOCUMENT_REQUEST_CODE_ATTEMPTS = 5;
/** Digits of the code sent with the link. */
export const DOCUMENT_REQUEST_CODE_LENGTH = 6;
/** How long a verified browser may read and upload before entering the code again. */
export const DOCUMENT_REQUEST_PROOF_MINUTES = 30;
/** Documents one request may list. */
export const DOCUMENT_REQUEST_MAX_ITEMS = 20;
/** Bytes of randomness in the link's token (256 bits; at least 128 are required). */
export const DOCUMENT_REQUEST_TOKEN_BYTES = 32;

/** The token as it appears in the link: base64url of DOCUMENT_REQUEST_TOKEN_BYTES bytes. */
export const DOCUMENT_REQUEST_TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

export function isDocumentRequestToken(value: unknown): value is string {
  return typeof value === "string" && DOCUMENT_REQUEST_TOKEN_PATTERN.test(value);
}

/** The header a verified page sends its proof in (never the family's session). */
export const DOCUMENT_REQUEST_PROOF_HEADER = "x-document-request-proof";

/** Where a listed document stands. */
export const DOCUMENT_REQUEST_ITEM_STATUSES = ["pending", "received"] as const;
export type DocumentRequestItemStatus = (typeof DOCUMENT_REQUEST_ITEM_STATUSES)[number];

/** Error codes of the public link (translated in the page's own namespace, DocumentRequests.errors). */
export const DOCUMENT_REQUEST_ERRORS = {
  expired: "document_request__expired",
  locked: "document_request__locked",
  codeInvalid: "document_request__code__invalid",
  proofRequired: "document_request__proof__required",
} as const;
