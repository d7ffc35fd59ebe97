// @vitest-environment jsdom
import { cleanup, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { TodoSection } from "@/features/pro-deal/todo-section";
import { DEAL_ID, P, json, renderFr, stubApi } from "./pro-deal-fixtures";

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const T = P.todos;
const item = (id: number, title: string, done = false) => ({ id, title, position: id, force_done: done, done_at: done ? 1_763_600_000 : null, created_at: 1_763_600_000 });

describe("TodoSection", () => {
  it("adds an item at once and keeps it with the server's id", async () => {
    let answer: (response: Response) => void = () => {};
    const { calls } = stubApi({
      "GET /api/v1/deals/7/todo_items": () => json({ data: [item(1, "Appeler la mairie")] }),
      "POST /api/v1/deals/7/todo_items": () => new Promise<Response>((resolve) => (answer = resolve)),
    });
    renderFr(<TodoSection dealId={DEAL_ID} />);
    await screen.findByText("Appeler la mairie");
    await userEvent.type(screen.getByLabelText(T.newItem), "Réserver le crématorium");
    await userEvent.click(screen.getByRole("button", { name: T.add }));
    // Shown before the server answers, not yet tickable.
    expect(screen.getByText("Réserver le crématorium")).toBeInTheDocument();
    expect(screen.getByRole("checkbox", { name: "Réserver le crématorium" })).toBeDisabled();
    answer(json({ data: item(2, "Réserver le crématorium") }, 201));
    await waitFor(() => expect(screen.getByRole("checkbox", { name: "Réserver le crématorium" })).toBeEnabled());
    expect(calls.find((c) => c.method === "POST")?.body).toEqual({ title: "Réserver le crématorium" });
    expect(screen.getByLabelText(T.newItem)).toHaveValue("");
  });

  it("rolls an addition back on a network error and gives the typed title back", async () => {
    stubApi({
      "GET /api/v1/deals/7/todo_items": () => json({ data: [] }),
      "POST /api/v1/deals/7/todo_items": () => Promise.reject(new TypeError("Failed to fetch")),
    });
    renderFr(<TodoSection dealId={DEAL_ID} />);
    await screen.findByText(T.empty);
    await userEvent.type(screen.getByLabelText(T.newItem), "Prévenir le curé");
    await userEvent.click(screen.getByRole("button", { name: T.add }));
    expect(await screen.findByRole("alert")).toHaveTextContent("Impossible de joindre nos services");
    expect(screen.getByText(T.empty)).toBeInTheDocument();
    expect(screen.getByLabelText(T.newItem)).toHaveValue("Prévenir le curé");
  });

  it("ticks with force_done, and unticks again when the server refuses", async () => {
    let refuse = false;
    const { calls } = stubApi({
      "GET /api/v1/deals/7/todo_items": () => json({ data: [item(1, "Appeler la mairie")] }),
      "PUT /api/v1/deals/7/todo_items/1": (body) => (refuse ? json({ error: "Not Found", message: "not_found" }, 404) : json({ data: { ...item(1, "Appeler la mairie"), ...(body as object), done_at: 1_763_700_000 } })),
    });
    renderFr(<TodoSection dealId={DEAL_ID} />);
    const box = await screen.findByRole("checkbox", { name: "Appeler la mairie" });
    await userEvent.click(box);
    await waitFor(() => expect(screen.getByRole("status")).toHaveTextContent("Tâche « Appeler la mairie » cochée."));
    expect(box).toBeChecked();
    expect(calls.at(-1)?.body).toEqual({ force_done: true });
    refuse = true;
    await userEvent.click(box);
    expect(await screen.findByRole("alert")).toBeInTheDocument();
    expect(box).toBeChecked();
  });

  it("renames and deletes an item", async () => {
    const { calls } = stubApi({
      "GET /api/v1/deals/7/todo_items": () => json({ data: [item(1, "Appeler la mairie")] }),
      "PUT /api/v1/deals/7/todo_items/1": () => json({ data: item(1, "Appeler la mairie de Lyon") }),
      "DELETE /api/v1/deals/7/todo_items/1": () => json(null, 204),
    });
    renderFr(<TodoSection dealId={DEAL_ID} />);
    await userEvent.click(await screen.findByRole("button", { name: "Renommer la tâche Appeler la mairie" }));
    const field = screen.getByLabelText(T.newTitle);
    await userEvent.clear(field);
    await userEvent.type(field, "Appeler la mairie de Lyon");
    await userEvent.click(screen.getByRole("button", { name: T.saveTitle }));
    expect(await screen.findByText("Appeler la mairie de Lyon")).toBeInTheDocument();
    expect(calls.find((c) => c.method === "PUT")?.body).toEqual({ title: "Appeler la mairie de Lyon" });
    await userEvent.click(screen.getByRole("button", { name: "Supprimer la tâche Appeler la mairie de Lyon" }));
    expect(await screen.findByText(T.empty)).toBeInTheDocument();
  });
});
