/** The codes of a failed call (the api-client's ApiError carries them), or "unhandled". */
export function codesOfError(error: unknown): string[] {
  if (error && typeof error === "object" && "codes" in error && Array.isArray((error as { codes: unknown }).codes)) {
    const codes = (error as { codes: unknown[] }).codes.filter((c): c is string => typeof c === "string");
    if (codes.length > 0) return codes;
  }
  return ["unhandled"];
}

/** The call never reached the server (the fetch client's no_network). */
export function isNetworkFailure(error: unknown): boolean {
  return codesOfError(error).includes("no_network");
}

export function statusOfError(error: unknown): number | null {
  return error && typeof error === "object" && "status" in error && typeof (error as { status: unknown }).status === "number" ? (error as { status: number }).status : null;
}
