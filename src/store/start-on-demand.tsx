"use client";

import { useEffect } from "react";
import { hasStoredTokens, readStoredCompany } from "@/api-client/auth-storage";
import { hasTrackingParam } from "@/domain/attribution";

/**
 * Mounted by the layout on every page: starts the store only when there is something for
 * it to do — tracking parameters to capture from the landing URL, or a stored session or
 * company to restore. A first visit to a content page loads no Redux.
 */
export function StartOnDemand() {
  useEffect(() => {
    const search = window.location.search;
    if (!hasTrackingParam(search) && !hasStoredTokens() && readStoredCompany() === null) return;
    void import("@/store/store-provider").then(({ startBrowserStore }) => startBrowserStore());
  }, []);
  return null;
}
