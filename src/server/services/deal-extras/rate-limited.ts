import { ApiError } from "@/server/http/errors";

/** 429 rate_limited of the deal extras' family and supplier routes; the route adds Retry-After. */
export class RateLimitedError extends ApiError {
  constructor(readonly retryAfterSeconds: number) {
    super(429, "rate_limited");
  }
}
