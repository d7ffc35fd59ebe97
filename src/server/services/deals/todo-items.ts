import { and, asc, eq, sql } from "drizzle-orm";
import type { TodoItemUpdate } from "@/domain/schemas/deal-back-office";
import { epochSeconds } from "@/domain/time";
import type { Db } from "@/server/db/client";
import { dealSteps, todoItems } from "@/server/db/schema/deals";
import { notFoundError } from "@/server/http/errors";

/**
 * A deal's todo list (GET/POST /api/v1/deals/{id}/todo_items, PUT/DELETE …/{todo_id}).
 * force_done ticks an item by hand; done_at says when it was ticked and is cleared when unticked.
 */

/** Appended last: the position after the highest of the deal's rows in `table`. */
export function nextPosition(table: typeof todoItems | typeof dealSteps, dealId: number) {
  return sql`(SELECT COALESCE(MAX(${table.position}), -1) + 1 FROM ${table} WHERE ${table.dealId} = ${dealId})`;
}

type TodoRow = typeof todoItems.$inferSelect;

function view(row: TodoRow) {
  return { id: row.id, title: row.title, position: row.position, force_done: row.forceDone, done_at: row.doneAt ? epochSeconds(row.doneAt) : null, created_at: epochSeconds(row.createdAt) };
}

export async function listTodoItems(db: Db, dealId: number) {
  const rows = await db.select().from(todoItems).where(eq(todoItems.dealId, dealId)).orderBy(asc(todoItems.position), asc(todoItems.id));
  return rows.map(view);
}

export async function createTodoItem(db: Db, dealId: number, userId: number, input: { title: string; force_done?: boolean | undefined }, now: Date) {
  const done = input.force_done === true;
  const [row] = await db
    .insert(todoItems)
    .values({
      dealId,
      title: input.title,
      position: nextPosition(todoItems, dealId),
      forceDone: done,
      doneAt: done ? now : null,
      createdById: userId,
      createdAt: now,
      updatedAt: now,
    })
    .returning();
  return view(row!);
}

async function itemOf(db: Db, dealId: number, todoId: number): Promise<TodoRow> {
  const [row] = await db.select().from(todoItems).where(and(eq(todoItems.id, todoId), eq(todoItems.dealId, dealId))).limit(1);
  if (!row) throw notFoundError();
  return row;
}

export async function updateTodoItem(db: Db, dealId: number, todoId: number, patch: TodoItemUpdate, now: Date) {
  const row = await itemOf(db, dealId, todoId);
  const values: Partial<typeof todoItems.$inferInsert> = { updatedAt: now };
  if (patch.title !== undefined) values.title = patch.title;
  if (patch.force_done !== undefined && patch.force_done !== row.forceDone) {
    values.forceDone = patch.force_done;
    values.doneAt = patch.force_done ? now : null;
  }
  const [updated] = await db.update(todoItems).set(values).where(eq(todoItems.id, row.id)).returning();
  return view(updated!);
}

export async function deleteTodoItem(db: Db, dealId: number, todoId: number): Promise<void> {
  const row = await itemOf(db, dealId, todoId);
  await db.delete(todoItems).where(eq(todoItems.id, row.id));
}
