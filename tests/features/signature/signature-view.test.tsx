// @vitest-environment jsdom
import { cleanup, render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { NextIntlClientProvider } from "next-intl";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import messagesAr from "@messages/ar.json";
import messagesFr from "@messages/fr.json";
import { SignatureView } from "@/features/signature/signature-view";

const S = messagesFr.SignaturePage;
const E = messagesFr.Errors;
const TOKEN = "T".repeat(43);
const VIEW = { document_name: "Pouvoir.pdf", signer_name: "Élise Bernard", requested_by: "Camille Martin", status: "requested", expires_at: 1_800_000_000, signed_at: null };

function json(body: unknown, status = 200) {
  return new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });
}
let answer: (url: string, init?: RequestInit) => Response;
let fetchMock: ReturnType<typeof vi.fn<typeof fetch>>;
beforeEach(() => {
  localStorage.clear();
  fetchMock = vi.fn<typeof fetch>(async (input, init) => answer(String(input), init));
  vi.stubGlobal("fetch", fetchMock);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderPage(messages: typeof messagesFr = messagesFr, locale = "fr") {
  const user = userEvent.setup();
  const view = render(
    <NextIntlClientProvider locale={locale} messages={messages} timeZone="Europe/Paris">
      <SignatureView token={TOKEN} />
    </NextIntlClientProvider>,
  );
  return { user, container: view.container };
}

describe("the signer's page", () => {
  it("says who asks, links the document through the token, explains the simple signature honestly, keeps a refused name, then signs", async () => {
    let signed = false;
    answer = (url, init) => {
      if (url.endsWith("/sign")) {
        const body = JSON.parse(String(init?.body)) as { name: string; consent: boolean };
        if (body.name !== "Élise Bernard") return json({ error: "Unprocessable Entity", errors: ["signature__name__mismatch"] }, 422);
        signed = true;
        return json({ data: { ...VIEW, status: "signed", signed_at: 1_790_000_000 } });
      }
      return json({ data: signed ? { ...VIEW, status: "signed" } : VIEW });
    };
    const { user } = renderPage();
    expect(await screen.findByText("Camille Martin, votre conseiller Paisible, vous invite à signer le document « Pouvoir.pdf ». Lisez-le, puis saisissez votre nom et cochez la case pour le signer.")).toBeTruthy();
    const read = screen.getByRole("link", { name: S.read });
    expect(read.getAttribute("href")).toBe(`/api/v1/signatures/${TOKEN}/file`);
    expect(read.getAttribute("rel")).toContain("noreferrer");
    expect(screen.getByText(S.meaningIs)).toBeTruthy();
    expect(screen.getByText(S.meaningIsNot)).toBeTruthy();
    expect(S.meaningIs).toMatch(/signature électronique simple/);

    await user.click(screen.getByRole("button", { name: S.sign }));
    expect(screen.getByText(E.signature__name__blank)).toBeTruthy();
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === "POST")).toBe(false);

    const name = screen.getByLabelText(new RegExp(S.nameLabel)) as HTMLInputElement;
    await user.type(name, "Elise B.");
    await user.click(screen.getByRole("button", { name: S.sign }));
    expect(screen.getByText(E.signature__consent__required)).toBeTruthy();
    await user.click(screen.getByRole("checkbox", { name: new RegExp(S.consent.slice(0, 20)) }));
    await user.click(screen.getByRole("button", { name: S.sign }));
    expect(await screen.findByText(E.signature__name__mismatch)).toBeTruthy();
    expect(name.value).toBe("Elise B.");

    await user.clear(name);
    await user.type(name, "Élise Bernard");
    await user.click(screen.getByRole("button", { name: S.sign }));
    expect(await screen.findByTestId("signature-signed")).toBeTruthy();
    expect(screen.getByRole("link", { name: S.downloadSigned }).getAttribute("href")).toBe(`/api/v1/signatures/${TOKEN}/file`);
    const post = fetchMock.mock.calls.filter(([, init]) => init?.method === "POST").at(-1)!;
    expect(JSON.parse(String(post[1]!.body))).toEqual({ name: "Élise Bernard", consent: true });
  });

  it.each([
    ["an unknown token", () => json({ error: "Not Found", message: "not_found" }, 404)],
    ["a malformed token", () => json({ error: "Unprocessable Entity", errors: ["not_found"] }, 422)],
    ["an expired link", () => json({ data: { ...VIEW, status: "expired" } })],
    ["a cancelled link", () => json({ data: { ...VIEW, status: "cancelled" } })],
  ])("shows one neutral page for %s, with no name nor document", async (_, reply) => {
    answer = reply;
    const { container } = renderPage();
    expect(await screen.findByTestId("signature-unavailable")).toBeTruthy();
    expect(screen.getByRole("heading", { level: 1 }).textContent).toBe(S.unavailable);
    expect(container.textContent).not.toMatch(/Élise|Bernard|Pouvoir|Camille/);
    expect(screen.queryByRole("button", { name: S.retry })).toBeNull();
  });

  it("asks to wait when the address tried too many links, and lets it try again", async () => {
    answer = () => json({ error: "Too Many Requests", message: "rate_limited" }, 429);
    const { user } = renderPage();
    expect(await screen.findByText(S.tooMany)).toBeTruthy();
    answer = () => json({ data: VIEW });
    await user.click(screen.getByRole("button", { name: S.retry }));
    expect(await screen.findByRole("button", { name: S.sign })).toBeTruthy();
  });

  it("shows an already signed document calmly, with its signed copy, and a declined one", async () => {
    answer = () => json({ data: { ...VIEW, status: "signed", signed_at: 1_790_000_000 } });
    renderPage();
    expect(await screen.findByTestId("signature-signed")).toBeTruthy();
    expect(screen.queryByRole("button", { name: S.sign })).toBeNull();
    cleanup();
    answer = () => json({ data: { ...VIEW, status: "declined" } });
    renderPage();
    expect(await screen.findByText(S.declined)).toBeTruthy();
  });

  it("reads a replayed link as closed and shows what it became", async () => {
    let closed = false;
    answer = (url) => {
      if (url.endsWith("/sign")) {
        closed = true;
        return json({ error: "Unprocessable Entity", errors: ["signature__status__closed"] }, 422);
      }
      return json({ data: closed ? { ...VIEW, status: "signed", signed_at: 1_790_000_000 } : VIEW });
    };
    const { user } = renderPage();
    await user.type(await screen.findByLabelText(new RegExp(S.nameLabel)), "Élise Bernard");
    await user.click(screen.getByRole("checkbox"));
    await user.click(screen.getByRole("button", { name: S.sign }));
    await waitFor(() => expect(screen.getByTestId("signature-signed")).toBeTruthy());
  });

  it("declines only after the signer confirms", async () => {
    let declined = false;
    answer = (url) => {
      if (url.endsWith("/decline")) {
        declined = true;
        return json({ data: { ...VIEW, status: "declined" } });
      }
      return json({ data: VIEW });
    };
    const confirm = vi.fn(() => false);
    vi.stubGlobal("confirm", confirm);
    const { user } = renderPage();
    await user.click(await screen.findByRole("button", { name: S.decline }));
    expect(confirm).toHaveBeenCalledWith(S.declineConfirm);
    expect(declined).toBe(false);
    confirm.mockReturnValue(true);
    await user.click(screen.getByRole("button", { name: S.decline }));
    expect(await screen.findByText(S.declined)).toBeTruthy();
    expect(declined).toBe(true);
  });

  it("speaks Arabic on the Arabic host", async () => {
    answer = () => json({ data: VIEW });
    renderPage(messagesAr as unknown as typeof messagesFr, "ar");
    expect(await screen.findByRole("button", { name: messagesAr.SignaturePage.sign })).toBeTruthy();
    expect(screen.getByText(messagesAr.SignaturePage.meaningIsNot)).toBeTruthy();
  });
});
