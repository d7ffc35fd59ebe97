// @vitest-environment jsdom
import { cleanup, render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { NextIntlClientProvider } from "next-intl";
import type { ReactNode } from "react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import messagesFr from "@messages/fr.json";
import messagesAr from "@messages/ar.json";
import { ProcedureForm, fieldOfCode, toProcedureInput } from "@/features/client-space/procedure-form";

const push = vi.fn();
vi.mock("next/navigation", () => ({ useRouter: () => ({ push }) }));

function json(body: unknown, status = 200) {
  return new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });
}

function renderWith(node: ReactNode, locale: "fr" | "ar" = "fr") {
  return render(
    <NextIntlClientProvider locale={locale} messages={locale === "fr" ? messagesFr : messagesAr}>
      {node}
    </NextIntlClientProvider>,
  );
}

const LYON = { id: 31555, name: "Lyon", insee_code: "69123", postal_codes: ["69001", "69002"], department: { code: "69", name: "Rhône" } };

let fetchMock: ReturnType<typeof vi.fn<typeof fetch>>;
let created: unknown[];

beforeEach(() => {
  localStorage.clear();
  created = [];
  push.mockReset();
  fetchMock = vi.fn<typeof fetch>(async (input, init) => {
    const url = String(input);
    if (url.includes("/api/v1/autocompletes/cityhalls")) return json([LYON]);
    if (url.includes("/api/v1/autocompletes/countries")) return json([{ id: "dz", code: "dz", name: "Algérie" }]);
    if (url.endsWith("/api/v1/client/administrative_procedures") && init?.method === "POST") {
      created.push(JSON.parse(String(init.body)));
      return json({ data: { id: 42 } }, 201);
    }
    return json({ error: "Not Found", message: "not_found" }, 404);
  });
  vi.stubGlobal("fetch", fetchMock);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe("the new procedure form", () => {
  it("names each missing birth field (SPEC §5) next to it, keeps what was typed and sends nothing", async () => {
    const user = userEvent.setup();
    renderWith(<ProcedureForm />);
    await user.type(screen.getByLabelText("Prénom"), "Pierre");
    await user.type(screen.getByLabelText("Nom"), "Martin");
    await user.type(screen.getByLabelText("Date du décès"), "2026-11-20");
    await user.click(screen.getByRole("button", { name: "Créer le dossier" }));

    expect(await screen.findByText("Indiquez la commune ou la ville de naissance.")).toBeTruthy();
    expect(screen.getByText("Indiquez le code postal du lieu de naissance.")).toBeTruthy();
    expect((screen.getByLabelText("Prénom") as HTMLInputElement).value).toBe("Pierre");
    expect((screen.getByLabelText("Nom") as HTMLInputElement).value).toBe("Martin");
    expect((screen.getByLabelText("Date du décès") as HTMLInputElement).value).toBe("2026-11-20");
    expect(screen.getByRole("combobox", { name: /Commune de naissance/ }).getAttribute("aria-invalid")).toBe("true");
    expect(created).toEqual([]);
  });

  it("fills the birth place from the commune picked, then creates the procedure and opens it", async () => {
    const user = userEvent.setup();
    renderWith(<ProcedureForm />);
    await user.type(screen.getByLabelText("Prénom"), "Pierre");
    await user.type(screen.getByRole("combobox", { name: /Commune de naissance/ }), "Lyo");
    await user.click(await screen.findByRole("option", { name: /Lyon/ }));
    expect((screen.getByLabelText(/Code postal du lieu de naissance/) as HTMLInputElement).value).toBe("69001");
    await user.selectOptions(screen.getByLabelText("Votre lien avec la personne décédée"), "sibling");
    await user.click(screen.getByRole("button", { name: "Créer le dossier" }));

    await waitFor(() => expect(push).toHaveBeenCalledWith("/app/demarches/42"));
    expect(created).toEqual([
      expect.objectContaining({
        firstname: "Pierre",
        birth_location: "Lyon",
        birth_postal_code: "69001",
        birth_insee_code: "69123",
        birth_country_code: "fr",
        defunct_family_link: "sibling",
        defunct_death_city_id: null,
      }),
    ]);
  });

  it("puts the server's field codes next to their fields and keeps the values", async () => {
    fetchMock.mockImplementation(async (input, init) => {
      const url = String(input);
      if (url.includes("/api/v1/autocompletes/cityhalls")) return json([LYON]);
      if (init?.method === "POST") return json({ error: "Unprocessable Entity", errors: ["defunct__birth_postal_code__too_long", "client__incomplete"] }, 422);
      return json({}, 404);
    });
    const user = userEvent.setup();
    renderWith(<ProcedureForm />);
    await user.type(screen.getByLabelText("Nom"), "Martin");
    await user.type(screen.getByRole("combobox", { name: /Commune de naissance/ }), "Lyo");
    await user.click(await screen.findByRole("option", { name: /Lyon/ }));
    await user.click(screen.getByRole("button", { name: "Créer le dossier" }));

    expect(await screen.findByText("Ce code postal est trop long.")).toBeTruthy();
    const alert = screen.getByText("Le dossier n'a pas pu être créé").closest("[role=alert], div") as HTMLElement;
    expect(within(alert).getByText("Le dossier n'a pas pu être créé")).toBeTruthy();
    expect((screen.getByLabelText("Nom") as HTMLInputElement).value).toBe("Martin");
    expect(push).not.toHaveBeenCalled();
  });

  it("asks for the city and postal code by hand when the deceased was born abroad, in Arabic too", async () => {
    const user = userEvent.setup();
    renderWith(<ProcedureForm />, "ar");
    await user.clear(screen.getByRole("combobox", { name: /بلد الولادة/ }));
    await user.type(screen.getByRole("combobox", { name: /بلد الولادة/ }), "Alg");
    await user.click(await screen.findByRole("option", { name: /Algérie/ }));
    expect(screen.queryByRole("combobox", { name: /بلدية الولادة/ })).toBeNull();
    await user.click(screen.getByRole("button", { name: "إنشاء الملف" }));
    expect(await screen.findByText("اكتب البلدية أو مدينة الولادة.")).toBeTruthy();
    await user.type(screen.getByLabelText(/مدينة الولادة/), "Oran");
    await user.type(screen.getByLabelText(/الرمز البريدي لمكان الولادة/), "31000");
    await user.click(screen.getByRole("button", { name: "إنشاء الملف" }));
    await waitFor(() => expect(created).toEqual([expect.objectContaining({ birth_location: "Oran", birth_postal_code: "31000", birth_country_code: "dz" })]));
  });
});

describe("form helpers", () => {
  it("turns blank answers into null and finds the field of a code", () => {
    expect(toProcedureInput({ firstname: " ", lastname: "Martin" } as never)).toMatchObject({ firstname: null, lastname: "Martin" });
    expect(fieldOfCode("defunct__birth_location__blank")).toBe("birth_location");
    expect(fieldOfCode("administrative_procedure__defunct_family_link__invalid")).toBe("defunct_family_link");
    expect(fieldOfCode("client__incomplete")).toBeNull();
  });
});
