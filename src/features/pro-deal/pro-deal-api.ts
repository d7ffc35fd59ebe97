import type { z } from "zod";
import { api } from "@/api-client/client";
import type { CallLogInput, DealStepCreate, DealStepUpdate, dealCommunicationSchema, dealEntitySchema, dealPeopleSchema, dealStateSchema, todoItemViewSchema } from "@/domain/schemas/deal-back-office";
import type { DealKind } from "@/domain/schemas/deal";
import type { dealDetailSchema, dealStepViewSchema } from "@/domain/schemas/deal-view";
import type { dealPaymentsViewSchema } from "@/domain/schemas/payment";
import type { AutocompleteItem } from "@/domain/schemas/autocomplete";

/** The back-office calls the deal page makes (SPEC §7 "Deals (v1)" and v2), one function each. */

export type DealDetail = z.infer<typeof dealDetailSchema>;
export type DealStateView = z.infer<typeof dealStateSchema>;
export type TodoItem = z.infer<typeof todoItemViewSchema>;
export type DealStep = z.infer<typeof dealStepViewSchema>;
export type DealCommunication = z.infer<typeof dealCommunicationSchema>;
export type DealEntity = z.infer<typeof dealEntitySchema>;
export type DealPeople = z.infer<typeof dealPeopleSchema>;
export type DealPayments = z.infer<typeof dealPaymentsViewSchema>["data"];
export interface TeamMember {
  id: number;
  firstname: string;
  lastname: string;
  email: string;
  role: number;
}

type Data<T> = { data: T };
const base = (id: number) => `/api/v1/deals/${id}`;
const data = async <T>(call: Promise<Data<T>>) => (await call).data;

export const dealCalls = {
  deal: (id: number) => data(api.get<Data<DealDetail>>(base(id))),
  state: (id: number) => data(api.get<Data<DealStateView>>(`${base(id)}/state`)),
  changeState: (id: number, state: string) => data(api.put<Data<DealStateView>>(`${base(id)}/state`, { state })),
  team: () => data(api.get<Data<TeamMember[]>>("/api/v1/users/funeral_team?partners=true")),
  assign: (id: number, userId: number | null) => data(api.put<Data<DealPeople>>(`${base(id)}/user`, { user_id: userId })),
  brand: (id: number, brand: string | null) => data(api.put<Data<DealPeople>>(`${base(id)}/brand`, { brand })),
  duplicate: (id: number) => data(api.post<Data<{ id: number; uuid: string; state: string }>>(`${base(id)}/duplicate`)),
  defunct: (id: number, defunctId: number | null) => data(api.put<Data<DealPeople>>(`${base(id)}/defunct`, { defunct_id: defunctId })),
  owner: (id: number, clientId: number) => data(api.put<Data<DealPeople>>(`${base(id)}/owner`, { client_id: clientId })),
  empowered: (id: number, clientId: number | null) => data(api.put<Data<DealPeople>>(`${base(id)}/empowered_client`, { client_id: clientId })),
  welcome: (id: number) => data(api.post<Data<{ welcome_sent_at: number; already_sent: boolean }>>(`${base(id)}/welcome`)),
  payments: (id: number) => data(api.get<Data<DealPayments>>(`/api/v1/payments/deals/${id}`)),
  entities: (id: number) => data(api.get<Data<DealEntity[]>>(`${base(id)}/entities`)),
  steps: (id: number) => data(api.get<Data<DealStep[]>>(`${base(id)}/deal_steps`)),
  addStep: (id: number, body: DealStepCreate) => data(api.post<Data<DealStep>>(`${base(id)}/deal_steps`, body)),
  updateStep: (id: number, stepId: number, body: DealStepUpdate) => data(api.put<Data<DealStep>>(`${base(id)}/deal_steps/${stepId}`, body)),
  removeStep: (id: number, stepId: number) => api.delete<void>(`${base(id)}/deal_steps/${stepId}`),
  todos: (id: number) => data(api.get<Data<TodoItem[]>>(`${base(id)}/todo_items`)),
  addTodo: (id: number, title: string) => data(api.post<Data<TodoItem>>(`${base(id)}/todo_items`, { title })),
  updateTodo: (id: number, todoId: number, body: { title?: string; force_done?: boolean }) => data(api.put<Data<TodoItem>>(`${base(id)}/todo_items/${todoId}`, body)),
  removeTodo: (id: number, todoId: number) => api.delete<void>(`${base(id)}/todo_items/${todoId}`),
  communications: (id: number) => data(api.get<Data<DealCommunication[]>>(`${base(id)}/communications`)),
  logCall: (id: number, body: CallLogInput) => data(api.post<Data<DealCommunication>>(`${base(id)}/communications`, body)),
  comment: (kind: DealKind, id: number, commentary: string) =>
    data(api.put<Data<{ id: number; commentary?: string | null; client_commentary: string | null }>>(`/api/v2/deals/${kind}/${id}`, { deal: { commentary } })),
  autocomplete: (kind: string, q: string, signal: AbortSignal) => api.get<AutocompleteItem[]>(`/api/v1/autocompletes/${kind}`, { query: { q, limit: 10 }, signal }),
};

/** Where the advisors read a funeral deal's legal quote (GET with the session cookie). */
export const quotePdfUrl = (id: number) => `${base(id)}/quote.pdf`;
