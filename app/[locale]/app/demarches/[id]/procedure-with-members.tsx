"use client";

import type { ReactNode } from "react";
import { ProcedurePage } from "@/features/client-space/procedure-view";
import { MembersPanel } from "@/features/family-members/members-panel";

/** The procedure page with the family-members panel in its slot (two features composed here, not in each other). */
export function ProcedureWithMembers({ id, documentRequests }: { id: number; documentRequests?: ReactNode }) {
  return (
    <ProcedurePage
      id={id}
      documentRequests={documentRequests}
      members={(view) => <MembersPanel targetType="administrative_procedure" targetId={view.id} actions={view.actions} />}
    />
  );
}
