import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import { createServer, type Server, type Socket } from "node:net";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { parseServerEnv } from "@/config/env";
import { getMailer, outboxDir } from "@/server/integrations/mail/mailer";
import { listOutbox, outboxMailer, readOutboxMessage } from "@/server/integrations/mail/outbox";
import { passwordResetEmail } from "@/server/services/auth/reset-email";

const dirs: string[] = [];
function tempDir(): string {
  const dir = mkdtempSync(join(tmpdir(), "paisible-mail-"));
  dirs.push(dir);
  return dir;
}
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

const message = { to: "marie@exemple.fr", subject: "Bonjour", text: "Texte", html: "<p>Texte</p>", locale: "fr", tag: "test" };

describe("outbox (default e-mail transport)", () => {
  it("writes each message as a JSON file that can be listed and read back", async () => {
    const dir = tempDir();
    const mailer = outboxMailer(dir, "Paisible <bonjour@paisible.test>");
    const first = await mailer.send(message);
    const second = await mailer.send({ ...message, to: "paul@exemple.fr", subject: "Second" });
    expect(first.transport).toBe("outbox");
    expect(readdirSync(dir).filter((f) => f.endsWith(".json"))).toHaveLength(2);
    const all = await listOutbox(dir);
    expect(all.map((m) => m.id)).toEqual([second.id, first.id]);
    expect(await listOutbox(dir, { to: "MARIE@exemple.fr" })).toEqual([expect.objectContaining({ id: first.id, from: "Paisible <bonjour@paisible.test>", subject: "Bonjour" })]);
    expect((await readOutboxMessage(dir, first.id))?.html).toBe("<p>Texte</p>");
  });

  it("never reads outside its folder and shrugs at a missing folder", async () => {
    expect(await readOutboxMessage(tempDir(), "../../etc/passwd")).toBeNull();
    expect(await listOutbox(join(tempDir(), "absent"))).toEqual([]);
  });

  it("lives under DATA_DIR (who may read it: tests/server/dev-outbox.test.ts)", () => {
    const env = parseServerEnv({ DATA_DIR: "/srv/paisible", NODE_ENV: "production", SITE_URL: "https://paisible.fr" });
    expect(outboxDir(env)).toBe("/srv/paisible/outbox");
  });
});

/** Just enough of an SMTP server to receive one message. */
function fakeSmtp(): Promise<{ server: Server; port: number; received: string[] }> {
  const received: string[] = [];
  const server = createServer((socket: Socket) => {
    let data = false;
    let buffer = "";
    socket.write("220 localhost ESMTP test\r\n");
    socket.on("data", (chunk) => {
      buffer += chunk.toString("utf8");
      let index: number;
      while ((index = buffer.indexOf("\r\n")) >= 0) {
        const line = buffer.slice(0, index);
        buffer = buffer.slice(index + 2);
        if (data) {
          if (line === ".") {
            data = false;
            socket.write("250 OK queued\r\n");
          } else received.push(line);
          continue;
        }
        const verb = line.split(" ")[0]!.toUpperCase();
        if (verb === "EHLO" || verb === "HELO") socket.write("250-localhost\r\n250 8BITMIME\r\n");
        else if (verb === "DATA") {
          data = true;
          socket.write("354 go ahead\r\n");
        } else if (verb === "QUIT") socket.end("221 bye\r\n");
        else socket.write("250 OK\r\n");
      }
    });
  });
  return new Promise((resolve) => server.listen(0, "127.0.0.1", () => resolve({ server, port: (server.address() as AddressInfo).port, received })));
}

describe("SMTP transport", () => {
  it("sends through SMTP_URL when it is configured", async () => {
    const smtp = await fakeSmtp();
    try {
      const env = parseServerEnv({ SMTP_URL: `smtp://127.0.0.1:${smtp.port}`, MAIL_FROM: "Paisible <bonjour@paisible.test>", DATA_DIR: tempDir() });
      const sent = await getMailer(env).send(message);
      expect(sent.transport).toBe("smtp");
      const raw = smtp.received.join("\n");
      expect(raw).toMatch(/^To: marie@exemple\.fr$/m);
      expect(raw).toMatch(/^Subject: Bonjour$/m);
      expect(raw).toMatch(/^From: Paisible <bonjour@paisible\.test>$/m);
      expect(readdirSync(env.DATA_DIR)).toEqual([]);
    } finally {
      smtp.server.close();
    }
  });
});

describe("reset e-mail", () => {
  it("is written in the visitor's language with the link in both bodies", async () => {
    const link = "https://paisible.fr/api/v1/auth/password/edit?reset_password_token=abc&redirect_url=x";
    const fr = await passwordResetEmail({ to: "marie@exemple.fr", link, locale: "fr", professional: false });
    expect(fr.subject).toBe("Choisissez un nouveau mot de passe pour votre espace Paisible");
    expect(fr.text).toContain(link);
    expect(fr.text).toContain("marie@exemple.fr");
    expect(fr.html).toContain(link.replace(/&/g, "&amp;"));
    const he = await passwordResetEmail({ to: "marie@exemple.fr", link, locale: "he", professional: true });
    expect(he.html).toContain('dir="rtl"');
    expect(he.subject).not.toBe(fr.subject);
    const unknown = await passwordResetEmail({ to: "a@b.fr", link, locale: "xx", professional: false });
    expect(unknown.locale).toBe("fr");
  });

  it("escapes what it puts in the HTML", async () => {
    const mail = await passwordResetEmail({ to: "<script>@exemple.fr", link: "https://paisible.fr/?a=<b>", locale: "en", professional: false });
    expect(mail.html).not.toContain("<script>");
    expect(mail.html).toContain("&lt;script&gt;");
  });
});
