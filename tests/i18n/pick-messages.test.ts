import { describe, expect, it } from "vitest";
import { pickMessages } from "@/i18n/pick-messages";

const catalogue = {
  Shell: { title: "Paisible", nav: { home: "Accueil" } },
  Auth: { menu: { open: "Mon compte" }, signOut: { label: "Se déconnecter" }, signIn: { title: "Connexion" } },
  Quote: { big: "…" },
};

describe("pickMessages", () => {
  it("keeps whole namespaces and nested paths, and nothing else", () => {
    expect(pickMessages(catalogue, ["Shell", "Auth.menu"])).toEqual({
      Shell: { title: "Paisible", nav: { home: "Accueil" } },
      Auth: { menu: { open: "Mon compte" } },
    });
  });

  it("merges a namespace with one of its own paths whatever the order", () => {
    expect(pickMessages(catalogue, ["Auth.menu", "Auth"])).toEqual({ Auth: catalogue.Auth });
    expect(pickMessages(catalogue, ["Auth", "Auth.menu"])).toEqual({ Auth: catalogue.Auth });
  });

  it("skips paths that do not exist or are empty", () => {
    expect(pickMessages(catalogue, ["Nope", "Auth.nope", "", "Shell.title.deeper"])).toEqual({});
  });

  it("does not share objects with the catalogue it reads", () => {
    const picked = pickMessages(catalogue, ["Auth.menu", "Auth.signOut"]);
    expect(catalogue.Auth).toHaveProperty("signIn");
    expect(picked.Auth).not.toBe(catalogue.Auth);
  });
});
