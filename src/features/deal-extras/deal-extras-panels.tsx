"use client";

import { ROLES } from "@/domain/roles";
import { PriceRequestsPanel } from "./price-requests-panel";
import { ReviewRequestPanel } from "./review-request-panel";
import { ServiceSuggestionsPanel } from "./service-suggestions-panel";
import type { DealExtraPanelProps } from "./extras-shared";

/**
 * The deal page's extras, for the roles that run cases (0-2): suggested services, supplier
 * prices, the family's review. Partner pros and analytics guests see none of them (the API
 * refuses them too), so nothing is shown that would only answer "forbidden".
 */
export function DealExtrasPanels(props: DealExtraPanelProps) {
  if (props.role !== ROLES.ADMIN && props.role !== ROLES.FUNERAL_DIRECTOR && props.role !== ROLES.FUNERAL_ADVISOR) return null;
  return (
    <div className="space-y-6">
      <ServiceSuggestionsPanel {...props} />
      <PriceRequestsPanel {...props} />
      <ReviewRequestPanel {...props} />
    </div>
  );
}
