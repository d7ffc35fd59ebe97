// @vitest-environment jsdom
import { cleanup, render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import messagesFr from "@messages/fr.json";
import { encodeChatStreamEvent } from "@/domain/schemas/chat-stream";
import type { ChatMessage, ChatSource } from "@/domain/schemas/chat";
import { assistantMessages } from "@/features/assistant/assistant-messages";
import type { AssistantMessages } from "@/features/assistant/assistant-text";
import { LauncherButton } from "@/features/assistant/launcher-button";

let pathname = "/";
vi.mock("next/navigation", () => ({ usePathname: () => pathname, useRouter: () => ({ push: vi.fn() }) }));

const A = messagesFr.Assistant;
const E = messagesFr.Errors;
const strings = { open: A.launcher.open, failed: A.launcher.failed };
let panelMessages: AssistantMessages;

beforeAll(async () => {
  panelMessages = (await assistantMessages("fr.json"))!;
  // jsdom lays nothing out.
  Element.prototype.scrollIntoView = () => {};
});

type Call = { method: string; path: string; body: unknown; headers: Record<string, string>; credentials?: RequestCredentials };

const SOURCE: ChatSource = { kind: "guide", title: "Les délais légaux des obsèques", url: "/guides-obseques/demarches/delais-obseques", extract: "Entre 24 heures et 6 jours ouvrables après le décès.", language: "fr" };

function message(id: string, role: "user" | "assistant", content: string, extra: Partial<ChatMessage> = {}): ChatMessage {
  return { id, conversation_id: "conv-1", role, content, sources: [], outcome: role === "user" ? null : "answered", suggest_advisor: false, copies_count: 0, feedback: null, created_at: 1, ...extra };
}

const json = (body: unknown, status = 200, headers: Record<string, string> = {}) =>
  new Response(body === undefined ? null : JSON.stringify(body), { status, headers: { "content-type": "application/json", ...headers } });

function stream(events: string[]): Response {
  const encoder = new TextEncoder();
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      // Split across chunks on purpose: the reader must join them.
      for (const event of events) {
        const half = Math.floor(event.length / 2);
        controller.enqueue(encoder.encode(event.slice(0, half)));
        controller.enqueue(encoder.encode(event.slice(half)));
      }
      controller.close();
    },
  });
  return new Response(body, { status: 200, headers: { "content-type": "text/event-stream" } });
}

const QUESTION_ID = "11111111-1111-4111-8111-111111111111";
const ANSWER_ID = "22222222-2222-4222-8222-222222222222";

/** A fake chat service and leads API; `next` lets a test script one failure. */
function fakeServer() {
  const calls: Call[] = [];
  const failures: Array<(call: Call) => Response | null> = [];
  const handler = vi.fn<typeof fetch>(async (input, init) => {
    const url = new URL(String(input), "http://localhost");
    const call: Call = {
      method: init?.method ?? "GET",
      path: url.pathname,
      body: init?.body ? JSON.parse(String(init.body)) : undefined,
      headers: (init?.headers ?? {}) as Record<string, string>,
      credentials: init?.credentials,
    };
    calls.push(call);
    for (const failure of [...failures]) {
      const answer = failure(call);
      if (answer) {
        failures.splice(failures.indexOf(failure), 1);
        return answer;
      }
    }
    const { method, path } = call;
    if (path === "/assistant/messages/fr.json") return json(panelMessages);
    if (method === "POST" && path === "/api/chat/v1/conversations") return json({ conversation: { id: "conv-1", ai_agent_slug: "funeral-assistant", locale: "fr", engine: "offline", created_at: 1, expires_at: 2 } }, 201);
    if (method === "POST" && path === "/api/chat/v1/conversations/conv-1/messages") {
      const content = (call.body as { content: string }).content;
      const question = message(QUESTION_ID, "user", content);
      const answer = message(ANSWER_ID, "assistant", "Les obsèques ont lieu entre 24 heures et 6 jours après le décès [1].", { sources: [SOURCE] });
      return stream([
        encodeChatStreamEvent({ event: "start", question, answer_id: ANSWER_ID, sources: [SOURCE] }),
        ": keep-alive\n\n",
        encodeChatStreamEvent({ event: "delta", text: "Les obsèques ont lieu " }),
        encodeChatStreamEvent({ event: "delta", text: "entre 24 heures et 6 jours après le décès [1]." }),
        encodeChatStreamEvent({ event: "done", answer }),
      ]);
    }
    if (method === "POST" && path === `/api/chat/v1/messages/${ANSWER_ID}/copies`) return json({ message_id: ANSWER_ID, copies_count: 1 }, 201);
    const feedback = (useful: boolean) => ({ feedback: { id: "33333333-3333-4333-8333-333333333333", message_id: ANSWER_ID, useful, created_at: 1, updated_at: 1 } });
    if (method === "POST" && path === "/api/chat/v1/feedbacks") return json(feedback((call.body as { useful: boolean }).useful), 201);
    if (method === "PUT" && path.startsWith("/api/chat/v1/feedbacks/")) return json(feedback((call.body as { useful: boolean }).useful));
    if (method === "DELETE") return new Response(null, { status: 204 });
    if (method === "POST" && path === "/api/v1/leads") return json({ id: 9, kind: "other", contact_channel: "phone", created_at: 1 }, 201);
    if (method === "POST" && path === "/api/chat/v1/mail_redactions")
      return json({ mail_redaction: { template: "bank", language: "fr", subject: "Objet : décès de M. Jean Martin", body: "Madame, Monsieur,\nJe vous informe du décès…", enclosures: ["Acte de décès"] } }, 201);
    return json({ error: "Not Found", message: "not_found" }, 404);
  });
  return { calls, handler, fail: (f: (call: Call) => Response | null) => failures.push(f) };
}

let server: ReturnType<typeof fakeServer>;

beforeEach(() => {
  pathname = "/";
  sessionStorage.clear();
  localStorage.clear();
  server = fakeServer();
  vi.stubGlobal("fetch", server.handler);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

async function openPanel() {
  const user = userEvent.setup();
  render(<LauncherButton locale="fr" strings={strings} />);
  await user.click(screen.getByRole("button", { name: A.launcher.open }));
  const dialog = await screen.findByRole("dialog", { name: A.title }, { timeout: 15_000 });
  return { user, dialog };
}

describe("the assistant's launcher", () => {
  it("loads nothing until pressed, then the panel and its French words", async () => {
    render(<LauncherButton locale="fr" strings={strings} />);
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(server.handler).not.toHaveBeenCalled();
    expect(screen.queryByRole("dialog")).toBeNull();
    await userEvent.setup().click(screen.getByRole("button", { name: A.launcher.open }));
    expect(await screen.findByRole("dialog", { name: A.title }, { timeout: 15_000 })).toBeInTheDocument();
    expect(server.calls.map((call) => call.path)).toEqual(["/assistant/messages/fr.json"]);
  });

  it("is absent from the professionals' pages", () => {
    pathname = "/fr/pro/dossiers";
    render(<LauncherButton locale="fr" strings={strings} />);
    expect(screen.queryByRole("button", { name: A.launcher.open })).toBeNull();
  });
});

describe("asking a question", () => {
  it("streams the answer with its source as a link, anonymously, and clears the field once accepted", async () => {
    const { user, dialog } = await openPanel();
    const field = within(dialog).getByRole("textbox", { name: A.chat.question });
    await user.type(field, "Quel délai pour organiser des obsèques ?{Enter}");
    const log = within(dialog).getByRole("log");
    expect(await within(log).findByText("Les obsèques ont lieu entre 24 heures et 6 jours après le décès [1].", {}, { timeout: 5_000 })).toBeInTheDocument();
    expect(within(log).getByText("Quel délai pour organiser des obsèques ?")).toBeInTheDocument();
    expect(within(log).getByRole("link", { name: SOURCE.title })).toHaveAttribute("href", SOURCE.url);
    expect(field).toHaveValue("");
    const ask = server.calls.find((call) => call.path.endsWith("/messages"))!;
    expect(ask.body).toEqual({ content: "Quel délai pour organiser des obsèques ?" });
    expect(ask.headers.Accept).toBe("text/event-stream");
    expect(ask.credentials).toBe("omit");
    expect(Object.keys(ask.headers).some((name) => /access-token|uid|client/i.test(name))).toBe(false);
    expect(server.calls.find((call) => call.path === "/api/chat/v1/conversations")?.body).toEqual({ ai_agent_slug: "funeral-assistant", locale: "fr" });
    expect(sessionStorage.getItem("paisible.assistant.conversation")).toBe("conv-1");
  });

  it("copies an answer and records the copy; marks it useful, changes its mind, then withdraws", async () => {
    const { user, dialog } = await openPanel();
    await user.click(within(dialog).getByRole("button", { name: A.chat.suggestions.delay }));
    await within(dialog).findByText(/6 jours après le décès/);
    await user.click(within(dialog).getByRole("button", { name: A.answer.copy }));
    // user-event stands in for the clipboard.
    expect(await navigator.clipboard.readText()).toBe("Les obsèques ont lieu entre 24 heures et 6 jours après le décès [1].");
    expect(await within(dialog).findByText(A.answer.copied)).toBeInTheDocument();
    await waitFor(() => expect(server.calls.some((call) => call.path === `/api/chat/v1/messages/${ANSWER_ID}/copies` && call.method === "POST")).toBe(true));

    const useful = within(dialog).getByRole("button", { name: A.answer.useful });
    const notUseful = within(dialog).getByRole("button", { name: A.answer.notUseful });
    await user.click(useful);
    await waitFor(() => expect(useful).toHaveAttribute("aria-pressed", "true"));
    await user.click(notUseful);
    await waitFor(() => expect(notUseful).toHaveAttribute("aria-pressed", "true"));
    expect(useful).toHaveAttribute("aria-pressed", "false");
    await user.click(notUseful);
    await waitFor(() => expect(notUseful).toHaveAttribute("aria-pressed", "false"));
    expect(server.calls.filter((call) => call.path.includes("/feedbacks")).map((call) => [call.method, call.body])).toEqual([
      ["POST", { message_id: ANSWER_ID, useful: true }],
      ["PUT", { useful: false }],
      ["DELETE", undefined],
    ]);
  });

  it("says when there were too many questions, keeps what was typed, and sends it again on retry", async () => {
    server.fail((call) => (call.path.endsWith("/messages") ? json({ error: "Too Many Requests", message: "rate_limited" }, 429, { "retry-after": "30" }) : null));
    const { user, dialog } = await openPanel();
    const field = within(dialog).getByRole("textbox", { name: A.chat.question });
    await user.type(field, "capital décès{Enter}");
    const alert = await within(dialog).findByRole("alert");
    expect(alert).toHaveTextContent(E.rate_limited);
    expect(alert).toHaveTextContent(A.chat.retryAfter.replace("{seconds}", "30"));
    expect(field).toHaveValue("capital décès");
    await user.click(within(alert).getByRole("button", { name: A.chat.retry }));
    expect(await within(dialog).findByText(/6 jours après le décès/)).toBeInTheDocument();
    expect(within(dialog).queryByRole("alert")).toBeNull();
  });

  it("keeps the question when the network fails, and when the answer breaks off midway", async () => {
    server.fail((call) => {
      if (call.path.endsWith("/messages")) throw new TypeError("Failed to fetch");
      return null;
    });
    const { user, dialog } = await openPanel();
    const field = within(dialog).getByRole("textbox", { name: A.chat.question });
    await user.type(field, "rapatrier un corps au Maroc{Enter}");
    expect(await within(dialog).findByRole("alert")).toHaveTextContent(E.no_network);
    expect(field).toHaveValue("rapatrier un corps au Maroc");

    server.fail((call) =>
      call.path.endsWith("/messages")
        ? stream([
            encodeChatStreamEvent({ event: "start", question: message(QUESTION_ID, "user", "rapatrier un corps au Maroc"), answer_id: ANSWER_ID, sources: [] }),
            encodeChatStreamEvent({ event: "delta", text: "Pour rapatrier" }),
            encodeChatStreamEvent({ event: "error", code: "assistant__engine__failed" }),
          ])
        : null,
    );
    await user.click(within(dialog).getByRole("button", { name: A.chat.retry }));
    await waitFor(() => expect(within(dialog).queryByText("Pour rapatrier")).toBeNull());
    expect(await within(dialog).findByRole("alert")).toBeInTheDocument();
    expect(field).toHaveValue("rapatrier un corps au Maroc");
    expect(within(dialog).getByRole("log")).toBeEmptyDOMElement();
  });

  it("opens a new conversation when the old one has expired", async () => {
    sessionStorage.setItem("paisible.assistant.conversation", "old");
    const { user, dialog } = await openPanel();
    await user.type(within(dialog).getByRole("textbox", { name: A.chat.question }), "capital décès{Enter}");
    expect(await within(dialog).findByText(/6 jours après le décès/)).toBeInTheDocument();
    expect(sessionStorage.getItem("paisible.assistant.conversation")).toBe("conv-1");
  });
});

describe("the advisor hand-off", () => {
  it("shows the phone number and records a call-back lead, after checking the form with the shared schema", async () => {
    const { user, dialog } = await openPanel();
    await user.click(within(dialog).getByRole("button", { name: A.modes.advisor }));
    expect(within(dialog).getByRole("link", { name: A.advisor.callAria.replace("{phone}", "01 84 60 42 42") })).toHaveAttribute("href", "tel:+33184604242");
    await user.click(within(dialog).getByRole("button", { name: A.advisor.submit }));
    expect(await within(dialog).findAllByText(A.required)).not.toHaveLength(0);
    expect(server.calls.some((call) => call.path === "/api/v1/leads")).toBe(false);

    await user.type(within(dialog).getByRole("textbox", { name: new RegExp(`^${A.advisor.fields.lastname}`) }), "Martin");
    await user.type(within(dialog).getByRole("textbox", { name: new RegExp(`^${A.advisor.fields.phone}`) }), "06 12 34 56 78");
    await user.click(within(dialog).getByRole("button", { name: A.advisor.submit }));
    expect(await within(dialog).findByText(A.advisor.sentText.replace("{phone}", "06 12 34 56 78"))).toBeInTheDocument();
    expect(server.calls.find((call) => call.path === "/api/v1/leads")?.body).toEqual({ kind: "other", contact_channel: "phone", lastname: "Martin", firstname: null, phone: "06 12 34 56 78", message: null });
  });

  it("says when too many call-backs were asked from this address, keeping what was typed", async () => {
    server.fail((call) => (call.path === "/api/v1/leads" ? json({ error: "Too Many Requests", message: "rate_limited" }, 429, { "retry-after": "600" }) : null));
    const { user, dialog } = await openPanel();
    await user.click(within(dialog).getByRole("button", { name: A.modes.advisor }));
    const lastname = within(dialog).getByRole("textbox", { name: new RegExp(`^${A.advisor.fields.lastname}`) });
    await user.type(lastname, "Martin");
    await user.type(within(dialog).getByRole("textbox", { name: new RegExp(`^${A.advisor.fields.phone}`) }), "06 12 34 56 78");
    await user.click(within(dialog).getByRole("button", { name: A.advisor.submit }));
    expect(await within(dialog).findByText(E.rate_limited)).toBeInTheDocument();
    expect(lastname).toHaveValue("Martin");
  });

  it("keeps what was typed when the panel is closed and reopened", async () => {
    const { user, dialog } = await openPanel();
    await user.click(within(dialog).getByRole("button", { name: A.modes.advisor }));
    await user.type(within(dialog).getByRole("textbox", { name: new RegExp(`^${A.advisor.fields.lastname}`) }), "Martin");
    await user.keyboard("{Escape}");
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    await user.click(screen.getByRole("button", { name: A.launcher.open }));
    const again = await screen.findByRole("dialog", { name: A.title }, { timeout: 15_000 });
    expect(within(again).getByRole("textbox", { name: new RegExp(`^${A.advisor.fields.lastname}`) })).toHaveValue("Martin");
  });
});

describe("drafting a letter", () => {
  it("checks the fields, then shows the French letter to copy", async () => {
    const { user, dialog } = await openPanel();
    await user.click(within(dialog).getByRole("button", { name: A.modes.letter }));
    await user.click(within(dialog).getByRole("button", { name: A.letter.submit }));
    expect(await within(dialog).findAllByText(A.required)).not.toHaveLength(0);
    expect(server.calls.some((call) => call.path.endsWith("/mail_redactions"))).toBe(false);

    await user.selectOptions(within(dialog).getByRole("combobox", { name: new RegExp(`^${A.letter.template}`) }), "bank");
    const fill = async (label: string, value: string) => user.type(within(dialog).getByLabelText(new RegExp(`^${label.replace(/[()]/g, "\\$&")}`)), value);
    await fill(A.mail.fields.sender_name, "Claire Martin");
    await fill(A.mail.fields.sender_address, "3 rue des Lilas, 69003 Lyon");
    await fill(A.mail.fields.deceased_name, "Jean Martin");
    await fill(A.mail.fields.date_of_death, "2026-11-20");
    await fill(A.mail.fields.recipient_name, "Banque Exemple");
    await user.click(within(dialog).getByRole("button", { name: A.letter.submit }));
    expect(await within(dialog).findByText("Objet : décès de M. Jean Martin")).toBeInTheDocument();
    const sent = server.calls.find((call) => call.path.endsWith("/mail_redactions"))!.body as { template: string; locale: string; fields: Record<string, unknown> };
    expect(sent.template).toBe("bank");
    expect(sent.locale).toBe("fr");
    expect(sent.fields).toMatchObject({ sender_name: "Claire Martin", deceased_name: "Jean Martin", date_of_death: "2026-11-20", recipient_name: "Banque Exemple", reference: null });
    await user.click(within(dialog).getByRole("button", { name: A.letter.copy }));
    expect(await navigator.clipboard.readText()).toBe("Objet : décès de M. Jean Martin\n\nMadame, Monsieur,\nJe vous informe du décès…");
  });
});
