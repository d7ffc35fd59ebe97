"use client";

import { useRef, useState } from "react";
import { useTranslations } from "next-intl";
import { Button } from "@/ui/button";
import { Input } from "@/ui/input";
import { codesOf } from "./deal-errors";
import { dealCalls, type TodoItem } from "./pro-deal-api";
import { SectionFrame, WriteError } from "./section-frame";
import { useResource } from "./use-resource";

/**
 * The deal's todo list (…/todo_items): add, rename, tick and untick (force_done), delete.
 * Every change shows at once and is undone if the server refuses it; the typed title of a
 * refused addition or renaming stays in its field.
 */
export function TodoSection({ dealId }: { dealId: number }) {
  const t = useTranslations("ProDeal.todos");
  const { resource, reload, replace } = useResource(String(dealId), () => dealCalls.todos(dealId));
  const [title, setTitle] = useState("");
  const [renaming, setRenaming] = useState<{ id: number; title: string } | null>(null);
  const [codes, setCodes] = useState<string[]>([]);
  const [status, setStatus] = useState("");
  const tempId = useRef(-1);

  /** Applies a change now and puts the list back as it was if the call fails. */
  async function optimistic(apply: (items: TodoItem[]) => TodoItem[], call: () => Promise<(items: TodoItem[]) => TodoItem[]>, done: string) {
    if (resource.state !== "ready") return false;
    const before = resource.data;
    setCodes([]);
    replace(apply);
    try {
      const settle = await call();
      replace(settle);
      setStatus(done);
      return true;
    } catch (error) {
      replace(() => before);
      setCodes(codesOf(error));
      setStatus("");
      return false;
    }
  }

  async function add() {
    const text = title.trim();
    if (!text) {
      setCodes(["todo_item__title__blank"]);
      return;
    }
    const temp = tempId.current--;
    const draft: TodoItem = { id: temp, title: text, position: Number.MAX_SAFE_INTEGER, force_done: false, done_at: null, created_at: Math.floor(Date.now() / 1000) };
    setTitle("");
    const ok = await optimistic(
      (items) => [...items, draft],
      async () => {
        const created = await dealCalls.addTodo(dealId, text);
        return (items) => items.map((item) => (item.id === temp ? created : item));
      },
      t("added", { title: text }),
    );
    if (!ok) setTitle(text);
  }

  const toggle = (item: TodoItem) =>
    optimistic(
      (items) => items.map((i) => (i.id === item.id ? { ...i, force_done: !item.force_done, done_at: item.force_done ? null : Math.floor(Date.now() / 1000) } : i)),
      async () => {
        const saved = await dealCalls.updateTodo(dealId, item.id, { force_done: !item.force_done });
        return (items) => items.map((i) => (i.id === saved.id ? saved : i));
      },
      t(item.force_done ? "unticked" : "ticked", { title: item.title }),
    );

  async function rename() {
    if (!renaming) return;
    const { id, title: next } = renaming;
    if (!next.trim()) {
      setCodes(["todo_item__title__blank"]);
      return;
    }
    const ok = await optimistic(
      (items) => items.map((i) => (i.id === id ? { ...i, title: next.trim() } : i)),
      async () => {
        const saved = await dealCalls.updateTodo(dealId, id, { title: next });
        return (items) => items.map((i) => (i.id === saved.id ? saved : i));
      },
      t("renamed", { title: next.trim() }),
    );
    if (ok) setRenaming(null);
  }

  const remove = (item: TodoItem) =>
    optimistic(
      (items) => items.filter((i) => i.id !== item.id),
      async () => {
        await dealCalls.removeTodo(dealId, item.id);
        return (items) => items;
      },
      t("removed", { title: item.title }),
    );

  return (
    <SectionFrame id="taches" title={t("heading")} resource={resource} onRetry={reload}>
      {(items) => (
        <div className="space-y-3">
          {items.length === 0 ? (
            <p>{t("empty")}</p>
          ) : (
            <ul className="divide-y divide-stone-200" data-testid="todo-list">
              {items.map((item) => (
                <li key={item.id} className="flex flex-wrap items-center gap-2 py-2">
                  {renaming?.id === item.id ? (
                    <form className="flex flex-1 flex-wrap items-end gap-2" onSubmit={(event) => { event.preventDefault(); void rename(); }}>
                      <Input label={t("newTitle")} value={renaming.title} maxLength={500} autoFocus onChange={(event) => setRenaming({ id: item.id, title: event.target.value })} />
                      <Button type="submit" variant="primary">{t("saveTitle")}</Button>
                      <Button type="button" variant="ghost" onClick={() => setRenaming(null)}>{t("cancelRename")}</Button>
                    </form>
                  ) : (
                    <>
                      <label className="flex min-h-11 flex-1 cursor-pointer items-center gap-3">
                        <input type="checkbox" className="size-5 accent-primary" checked={item.force_done} disabled={item.id < 0} onChange={() => void toggle(item)} />
                        <span className={item.force_done ? "text-stone-600 line-through" : undefined}>{item.title}</span>
                      </label>
                      <Button type="button" variant="ghost" disabled={item.id < 0} onClick={() => setRenaming({ id: item.id, title: item.title })} aria-label={t("renameOne", { title: item.title })}>
                        {t("rename")}
                      </Button>
                      <Button type="button" variant="ghost" disabled={item.id < 0} onClick={() => void remove(item)} aria-label={t("removeOne", { title: item.title })}>
                        {t("remove")}
                      </Button>
                    </>
                  )}
                </li>
              ))}
            </ul>
          )}
          <form className="flex flex-wrap items-end gap-2" onSubmit={(event) => { event.preventDefault(); void add(); }}>
            <Input label={t("newItem")} value={title} maxLength={500} onChange={(event) => setTitle(event.target.value)} />
            <Button type="submit" variant="secondary">{t("add")}</Button>
          </form>
          <WriteError codes={codes} />
          <p role="status" aria-live="polite" className="min-h-6 font-medium text-green-800">
            {status}
          </p>
        </div>
      )}
    </SectionFrame>
  );
}
