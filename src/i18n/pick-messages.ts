/**
 * Keeps only the parts of a message catalogue that client components read. The whole
 * catalogue is about 100 KB per locale; serialising it into every page's payload made
 * each page heavier and slower to render, when most pages' client islands need a few
 * namespaces. Paths are dotted ("Auth.menu"); a path that does not exist is skipped, so
 * a missing message shows up as next-intl's usual missing-message error in that island.
 */
export type Messages = { [key: string]: string | Messages };

export function pickMessages(messages: Messages, paths: readonly string[]): Messages {
  const picked: Messages = {};
  for (const path of paths) {
    const keys = path.split(".").filter(Boolean);
    if (keys.length === 0) continue;
    let source: string | Messages | undefined = messages;
    for (const key of keys) source = typeof source === "object" ? source[key] : undefined;
    if (source === undefined) continue;
    let target = picked;
    keys.slice(0, -1).forEach((key) => {
      const existing = target[key];
      if (typeof existing !== "object") target[key] = {};
      target = target[key] as Messages;
    });
    const last = keys[keys.length - 1]!;
    const existing = target[last];
    // "Auth" after "Auth.menu" (or the reverse) must keep the whole namespace.
    target[last] = typeof existing === "object" && typeof source === "object" ? mergeMessages(existing, source) : source;
  }
  return picked;
}

function mergeMessages(a: Messages, b: Messages): Messages {
  const merged: Messages = { ...a };
  for (const [key, value] of Object.entries(b)) {
    const existing = merged[key];
    merged[key] = typeof existing === "object" && typeof value === "object" ? mergeMessages(existing, value) : value;
  }
  return merged;
}
