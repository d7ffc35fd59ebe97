import type { DirectoryDescriptor } from "@/domain/directory/descriptor";
import { LOGISTICS_DESCRIPTORS } from "@/domain/directory/logistics-types";
import { PARTNER_DESCRIPTORS } from "@/domain/directory/partner-types";

/**
 * Every directory type the engine serves, in the order the /pro/annuaire index lists
 * them: the partner places and reference lists, then the logistics (suppliers, warehouses, flights).
 */
export const DIRECTORY_DESCRIPTORS = [...PARTNER_DESCRIPTORS, ...LOGISTICS_DESCRIPTORS] as const;

export type DirectoryType = (typeof DIRECTORY_DESCRIPTORS)[number]["type"];

export const DIRECTORY_TYPES = DIRECTORY_DESCRIPTORS.map((d) => d.type) as readonly DirectoryType[];

const BY_TYPE = new Map<string, DirectoryDescriptor>(DIRECTORY_DESCRIPTORS.map((d) => [d.type, d as DirectoryDescriptor]));

export function isDirectoryType(value: unknown): value is DirectoryType {
  return typeof value === "string" && BY_TYPE.has(value);
}

/** The descriptor of a type, or null for an unknown one (a page's `[type]` segment). */
export function directoryDescriptor(type: string): DirectoryDescriptor | null {
  return BY_TYPE.get(type) ?? null;
}

/** The descriptor of a type known to exist. */
export function descriptorOf(type: DirectoryType): DirectoryDescriptor {
  return BY_TYPE.get(type)!;
}

/** API paths of a type (SPEC §7 "Partner administration": CRUD plus PUT …/{id}/disabled). */
export const directoryApi = {
  list: (d: Pick<DirectoryDescriptor, "segment">) => `/api/v1/${d.segment}`,
  entry: (d: Pick<DirectoryDescriptor, "segment">, id: number | string) => `/api/v1/${d.segment}/${encodeURIComponent(String(id))}`,
  disabled: (d: Pick<DirectoryDescriptor, "segment">, id: number | string) => `/api/v1/${d.segment}/${encodeURIComponent(String(id))}/disabled`,
  dependents: (d: Pick<DirectoryDescriptor, "segment">, id: number | string) => `/api/v1/${d.segment}/${encodeURIComponent(String(id))}/dependents`,
  changes: (d: Pick<DirectoryDescriptor, "segment">, id: number | string) => `/api/v1/${d.segment}/${encodeURIComponent(String(id))}/changes`,
  exportCsv: (d: Pick<DirectoryDescriptor, "segment">) => `/api/v1/${d.segment}/export.csv`,
  importCsv: (d: Pick<DirectoryDescriptor, "segment">) => `/api/v1/${d.segment}/import`,
};
