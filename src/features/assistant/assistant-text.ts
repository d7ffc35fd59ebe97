import { messageKeyForCode } from "@/domain/errors";

/**
 * The panel's words, as app/assistant/messages/{locale}.json serves them: the "Assistant"
 * namespace and the error sentences it may show. The panel loads after the page, outside
 * any next-intl provider (public pages ship no message runtime), so it reads them with the
 * small translator below. Its messages therefore use plain `{name}` placeholders only, no
 * ICU plurals or selects (tests/features/assistant/assistant-text.test.ts holds them to it).
 */
export type MessageTree = { [key: string]: string | MessageTree };
export type AssistantMessages = { Assistant: MessageTree; Errors: Record<string, string> };

export type Translate = (key: string, values?: Record<string, string | number>) => string;

function lookup(tree: MessageTree, key: string): string | undefined {
  let node: string | MessageTree | undefined = tree;
  for (const part of key.split(".")) node = typeof node === "object" ? node[part] : undefined;
  return typeof node === "string" ? node : undefined;
}

/** `t("chat.send")`; a missing key shows the key itself, as next-intl does, rather than nothing. */
export function translator(tree: MessageTree): Translate {
  return (key, values) => {
    const text = lookup(tree, key) ?? key;
    return values ? text.replace(/\{(\w+)\}/g, (whole, name: string) => (name in values ? String(values[name]) : whole)) : text;
  };
}

/** One sentence per error code, through the same mapping as the rest of the product (messageKeyForCode). */
export function errorText(errors: Record<string, string>, code: string): string {
  return errors[messageKeyForCode(code)] ?? errors.unhandled ?? code;
}
