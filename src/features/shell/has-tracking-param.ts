import { TRACKING_PARAMS } from "@/domain/constants";

/** True when the URL carries one of the tracking parameters of SPEC §9. */
export function hasTrackingParam(search: URLSearchParams): boolean {
  return TRACKING_PARAMS.some((name) => search.has(name));
}

export const PHONE_TRACKING_CLASS = "phone-tracking";
