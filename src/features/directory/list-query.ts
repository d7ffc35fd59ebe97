import { sortableKeys, type DirectoryDescriptor } from "@/domain/directory/descriptor";
import { DIRECTORY_DEFAULT_PER_PAGE } from "@/domain/directory/schemas";
import type { ListParams } from "./directory-calls";

/**
 * The list page's state is its address: `?q=&departement=&etat=&tri=&ordre=&page=`, so a
 * search can be reloaded, shared and returned to. Values the page cannot use are dropped
 * rather than sent (the API would refuse them).
 */
export interface ListState {
  q: string;
  department: string;
  /** "" both, "enabled" or "disabled" only. */
  state: "" | "enabled" | "disabled";
  sort: string;
  direction: "asc" | "desc";
  page: number;
}

const DEPARTMENT = /^(\d{2,3}|2A|2B)$/;

export function readListState(descriptor: DirectoryDescriptor, params: Record<string, string | string[] | undefined>): ListState {
  const one = (key: string) => {
    const value = params[key];
    return (Array.isArray(value) ? value[0] : value) ?? "";
  };
  const department = one("departement").trim().toUpperCase();
  const state = one("etat");
  const sort = one("tri");
  const page = Number(one("page"));
  return {
    q: one("q").slice(0, 100),
    department: descriptor.byDepartment && DEPARTMENT.test(department) ? department : "",
    state: descriptor.disableable && (state === "enabled" || state === "disabled") ? state : "",
    sort: sortableKeys(descriptor).includes(sort) ? sort : descriptor.defaultSort,
    direction: one("ordre") === "desc" ? "desc" : "asc",
    page: Number.isInteger(page) && page >= 1 && page <= 100_000 ? page : 1,
  };
}

export function listStateSearch(descriptor: DirectoryDescriptor, state: ListState): string {
  const search = new URLSearchParams();
  if (state.q.trim()) search.set("q", state.q.trim());
  if (state.department) search.set("departement", state.department);
  if (state.state) search.set("etat", state.state);
  if (state.sort !== descriptor.defaultSort) search.set("tri", state.sort);
  if (state.direction !== "asc") search.set("ordre", state.direction);
  if (state.page > 1) search.set("page", String(state.page));
  const text = search.toString();
  return text ? `?${text}` : "";
}

export function listParams(state: ListState): ListParams {
  return {
    q: state.q.trim() || undefined,
    department: state.department || undefined,
    disabled: state.state === "disabled" ? "true" : state.state === "enabled" ? "false" : undefined,
    sort: state.sort,
    direction: state.direction,
    page: state.page,
    per_page: DIRECTORY_DEFAULT_PER_PAGE,
  };
}
