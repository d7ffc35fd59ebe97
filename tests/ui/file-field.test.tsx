// @vitest-environment jsdom
import { cleanup, render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { FileField } from "@/ui/file-field";

afterEach(cleanup);

function renderField(onFile = vi.fn(), error?: string) {
  render(
    <FileField
      label="Pièce d'identité"
      hint="PDF ou photo, 20 Mo au plus."
      error={error}
      takePhotoLabel="Prendre une photo"
      chooseFileLabel="Choisir un fichier"
      tooLargeMessage="Ce fichier dépasse 20 Mo."
      accept="application/pdf,image/jpeg"
      maxBytes={1000}
      name="file"
      onFile={onFile}
    />,
  );
  return onFile;
}

describe("FileField", () => {
  it("offers the camera and the file chooser, each a labelled file input in a named group", () => {
    renderField();
    expect(screen.getByRole("group", { name: "Pièce d'identité" })).toBeInTheDocument();
    const camera = screen.getByLabelText("Prendre une photo");
    const chooser = screen.getByLabelText("Choisir un fichier");
    expect(camera).toHaveAttribute("capture", "environment");
    expect(camera).toHaveAttribute("accept", "image/jpeg");
    expect(chooser).toHaveAttribute("accept", "application/pdf,image/jpeg");
    expect(chooser).toHaveAccessibleDescription("PDF ou photo, 20 Mo au plus.");
  });

  it("hands over the chosen file and shows its name", async () => {
    const onFile = renderField();
    const file = new File([new Uint8Array(500)], "cni.pdf", { type: "application/pdf" });
    await userEvent.upload(screen.getByLabelText("Choisir un fichier"), file);
    expect(onFile).toHaveBeenCalledWith(file);
    expect(screen.getByText("cni.pdf")).toBeVisible();
  });

  it("drops a file over the limit before sending and says why", async () => {
    const onFile = renderField();
    const chooser = screen.getByLabelText("Choisir un fichier");
    await userEvent.upload(chooser, new File([new Uint8Array(2000)], "scan.pdf", { type: "application/pdf" }));
    expect(onFile).toHaveBeenLastCalledWith(null);
    expect(chooser).toHaveAttribute("aria-invalid", "true");
    expect(chooser).toHaveAccessibleDescription("Ce fichier dépasse 20 Mo. PDF ou photo, 20 Mo au plus.");
  });

  it("shows a server refusal", () => {
    renderField(vi.fn(), "Ce type de fichier n'est pas accepté.");
    expect(screen.getByLabelText("Prendre une photo")).toHaveAccessibleDescription("Ce type de fichier n'est pas accepté. PDF ou photo, 20 Mo au plus.");
  });
});
