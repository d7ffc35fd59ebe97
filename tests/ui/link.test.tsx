// @vitest-environment jsdom
import { cleanup, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { Link } from "@/ui/link";

afterEach(cleanup);

describe("Link", () => {
  it("renders an internal link in the same window", () => {
    render(<Link href="/guides">Nos guides</Link>);
    const link = screen.getByRole("link", { name: "Nos guides" });
    expect(link).toHaveAttribute("href", "/guides");
    expect(link).not.toHaveAttribute("target");
  });

  it("opens external links in a new window, safely, and says so to screen readers", () => {
    render(
      <Link href="https://www.service-public.fr/" external newWindowHint="(nouvelle fenêtre)">
        Service-public.fr
      </Link>,
    );
    const link = screen.getByRole("link", { name: "Service-public.fr (nouvelle fenêtre)" });
    expect(link).toHaveAttribute("target", "_blank");
    expect(link.getAttribute("rel")).toContain("noopener");
    expect(link.getAttribute("rel")).toContain("noreferrer");
  });
});
