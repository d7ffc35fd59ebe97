/**
 * Element ids shared by the layout (a server component) and RouteEvents (a client one).
 * They live in this plain module because a server component importing a value from a
 * "use client" module gets a client reference, not the string.
 */
export const TOP_ELEMENT_ID = "top";
export const MAIN_ELEMENT_ID = "contenu";
